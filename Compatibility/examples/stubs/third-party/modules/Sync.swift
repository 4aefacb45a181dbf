// Scaffolding stand-in for Pocket's sync module (app code); the Braze files name none of it.
