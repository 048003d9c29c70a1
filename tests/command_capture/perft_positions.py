"""The fixed positions of the perft regression suite, with the options each is played under."""

from __future__ import annotations

#: name -> (position text, options)
POSITIONS: dict[str, tuple[str, dict]] = {
    "start-rome-egypt": ("srakfars/iiiixiii/8/8/8/8/LLLXLLLL/SCAKFACS b RE", {}),
    "start-egypt-vikings": ("scmkfmcs/xiiiiiii/8/8/8/8/IIIIIIXI/SRAKFARS b EV", {}),
    "start-vikings-rome-states": (
        "s+c+a+kfa+c+s+/l+l+l+x+l+l+l+l+/8/8/8/8/I+I+X+I+I+I+I+I+/S+C+M+K+FM+C+S+ b VR", {}),
    "middle-rome-egypt": ("sra1fa+r+s+/1ii1xi+1i/2ik2i1/3LS+3/2L2C2/A2A+4/LLX1LLL1/S2KF1C1 r RE 12", {}),
    "vikings-bash": ("2skf3/8/3i1i2/2i3i1/2M+3M1/8/8/3KF3 b VE", {}),
    "fortify-and-siege": ("3k+2f1/2iii3/3a+4/8/3S+4/8/6L1/3KF3 b RE", {}),
    "aura-follow-up-pending": ("3kf3/8/8/4l3/3L4/3K4/8/4F3 b RR 5 0+D4m", {}),
    "disabled-fortress": ("3kf+3/3L4/8/8/8/8/8/3KF3 b RE 9", {}),
    "cavalry-charges": ("3kf3/2l1l3/8/3C+4/1l6/8/2CL4/3KF3 b RR", {'directions': 'owner'}),
    "turned-and-locked": ("3kf3/8/2l^1l+<#13/3L>A#23/8/2X!<5/8/3KF3 r RR 8", {'aura_pairs': 'any'}),
    "timed-two-actions": ("3kf3/8/2i3i1/8/3L4/8/8/3KF3 b RE 3 2 4.5:8 900/60", {}),
    "chariots-and-archers": ("3kf3/2a+2r+2/8/3RR+3/8/2A5/8/3KF3 b EE", {'projectiles': 'fly-over'}),
    # two actions and the Command aura: a Siege never both moves and fires, a turned unit never moves
    "siege-two-actions": ("3kf3/8/8/3i4/8/8/3S+K3/4F3 b RE 3 2 0:0 900/60", {}),
    "aura-any-turn": ("3kf3/8/8/2i5/8/3L4/3K4/4F3 b RE", {"aura_pairs": "any"}),
    "blocks-far-and-near": ("3kf3/3l+4/8/1c2l+3/3C4/8/8/3KF3 b RR", {"block_reach": "any-distance"}),
}
#: depth 3 is run where it is cheap
DEEP = ("vikings-bash", "fortify-and-siege", "aura-follow-up-pending", "disabled-fortress", "cavalry-charges",
        "turned-and-locked", "chariots-and-archers",
        "timed-two-actions", "siege-two-actions", "aura-any-turn", "blocks-far-and-near")
