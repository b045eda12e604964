print("hapsynth")
