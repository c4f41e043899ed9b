import shutil
def run():
    shutil.rmtree("src")
