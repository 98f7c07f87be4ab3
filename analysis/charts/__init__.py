"""Chart builders, one module per game, all in the house style of ``style.py``."""
