#!/bin/sh
# A bot that crashes before answering.
echo "segfault imminent" >&2
exit 3
