// The library's own sources are type-checked in the example app's module (see third_party.py).
