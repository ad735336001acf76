"""Fuzzing: every reader of user input, and the HTTP API from its OpenAPI schema."""
