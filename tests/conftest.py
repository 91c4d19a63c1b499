import os
import sys

# the pure-Python reference search lives next to the tests
sys.path.insert(0, os.path.dirname(__file__))
