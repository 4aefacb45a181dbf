// App scaffolding of the Adobe messaging demo and functional-test apps (their storyboards connect the
// outlets and actions; nothing here is integration code). Compiled into each Adobe app module by
// Compatibility/examples/check.py.
import UIKit
