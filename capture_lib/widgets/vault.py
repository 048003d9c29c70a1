"""Games kept on this machine, now in the boards layer (``capture_lib.boards.vault``); kept here for old imports."""

from capture_lib.boards.vault import CLAIM_FORMAT, CLAIM_VERSION, TOKEN, claim, folder, keep, redeem

__all__ = ["CLAIM_FORMAT", "CLAIM_VERSION", "TOKEN", "claim", "folder", "keep", "redeem"]
