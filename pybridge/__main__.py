import sys

from .cli.launch import main

if __name__ == "__main__":  # not in a worker process that spawn starts from here
    sys.exit(main())
