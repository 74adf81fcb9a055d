#!/bin/sh
# A bot that prints lines that are not boards, then exits normally.
echo "thinking..."
echo "hello world"
