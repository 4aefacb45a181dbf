// Scaffolding stand-in for Pocket's analytics module (app code).
