#!/bin/sh
# A bot that never answers.
sleep 1000
