"""The areas game family: the area-capacity crawler (rules ``AR-…``)."""
