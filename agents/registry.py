"""Agents named by strings with options, e.g. "random", "greedy", "ismcts:sims=400,c=1,temp=0.1",
"policy:path=runs/kheops/final.zip", "zero:env=kheops,sims=32", "openspiel-ismcts:sims=100"."""
import inspect

from pyramid_envs.core.registry import register_agent_maker

from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .openspiel_bots import OpenSpielISMCTSAgent, OpenSpielMCTSAgent
from .policy import PolicyAgent
from .random_agent import RandomAgent
from .zero.agent import ZeroAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "ismcts": ISMCTSAgent, "policy": PolicyAgent, "zero": ZeroAgent,
          "openspiel-ismcts": OpenSpielISMCTSAgent, "openspiel-mcts": OpenSpielMCTSAgent}  # need the openspiel extra


def parse_value(text):
    """A number where the text reads as one, else the text."""
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str):
    """'ismcts:sims=400,c=0.3' -> ('ismcts', {'sims': 400, 'c': 0.3})."""
    name, _, rest = spec.partition(":")
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; agents: {sorted(AGENTS)}")
    kwargs = {}
    for part in filter(None, rest.split(",")):
        key, eq, val = part.partition("=")
        if not eq or not key:
            raise ValueError(f"agent option {part!r} in {spec!r} must look like key=value")
        kwargs[key] = parse_value(val)
    params = inspect.signature(AGENTS[name]).parameters
    unknown = sorted(set(kwargs) - set(params) - {"seed"})
    if unknown:
        raise ValueError(f"agent {name!r} has no option {unknown}; options: "
                         f"{[p for p in params if p != 'seed']}")
    return name, kwargs


def make_agent(spec: str, seed=None):
    name, kwargs = parse_spec(spec)
    kwargs.setdefault("seed", seed)
    agent = AGENTS[name](**kwargs)
    agent.name = spec
    return agent


register_agent_maker(make_agent)  # gymnasium.make(..., opponent="greedy") resolves names here
