#!/bin/sh
# A bot that never answers (not even the setup).
exec sleep 1000
