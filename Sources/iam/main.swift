print("iam")
