// Apple framework (network reachability) imported but unused by the file; empty stand-in.
