import os
import time

friend = os.getenv("FRIEND", "world")
token = os.getenv("SERVICE_TOKEN", "")

for count in range(1, 4):
    print(f"Hello, {friend}! ({count}/3)")
    time.sleep(1)

if token:
    print("SERVICE_TOKEN is set.")
else:
    print("SERVICE_TOKEN is not set.")
