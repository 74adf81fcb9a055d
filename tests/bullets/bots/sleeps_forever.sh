#!/bin/sh
# A Bullets bot that never answers: the referee kills it at the limit and plays 8 for it.
sleep 1000
