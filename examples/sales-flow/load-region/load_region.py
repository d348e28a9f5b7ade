import os
import sys

region = os.getenv("REGION", "")
if not region:
    print("REGION is empty", file=sys.stderr)
    sys.exit(1)

print(f"Loading sales for {region}")
# ... extract and load this region's data here ...
print(f"Finished {region}")
