"""The bidding model: how likely a player with given dice is to make each action, the beliefs the round's bids
give, the advisor that reads them, and fitting and checking the model against logs of played rounds."""
