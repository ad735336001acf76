"""The HTTP service: FastAPI's TestClient, the job runner, and a real server on loopback."""
