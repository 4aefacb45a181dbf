// The AEPServices module. Its API arrives with the issue that owns it (see Docs/Architecture.md).
enum _AEPServicesModule {}
