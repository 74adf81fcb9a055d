#!/bin/sh
# A bot that crashes before answering anything.
echo "segfault imminent" >&2
exit 3
