"""docs/deploy/: the Kubernetes values, checked without a cluster or helm.

No package registry ships the Zero to JupyterHub chart's values schema
(and no helm binary can be installed here), so z2jh-values.yaml is
validated against docs/deploy/z2jh-values.schema.json: our own JSON
schema of the keys it uses, with their types from the chart's
configuration reference and KubeSpawner's traits. The schema itself must
reject typos and wrong types, or the first test would prove nothing. The
values must agree with the Dockerfile (user, home, notebooks), and the
capacity table in docs/deploy/README.md must be what capacity.py computes
from the H100 lab tables.
"""

from __future__ import annotations

import copy
import json
import re
import runpy
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from conftest import ROOT

DEPLOY = ROOT / "docs" / "deploy"


def values() -> dict[str, Any]:
    return yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text())


def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads((DEPLOY / "z2jh-values.schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=jsonschema.FormatChecker())


def test_values_match_the_schema() -> None:
    errors = [f"{'.'.join(map(str, e.absolute_path))}: {e.message}" for e in validator().iter_errors(values())]
    assert not errors, "\n".join(errors)


def _set(tree: dict[str, Any], path: str, value: Any) -> None:
    *parents, last = path.split(".")
    for p in parents:
        tree = tree[int(p)] if p.isdigit() else tree[p]
    tree[last] = value


@pytest.mark.parametrize(
    "path, value",
    [
        ("singleuser.storage.capacty", "2Gi"),  # a misspelt key
        ("singleuser.storage.type", "pvc"),
        ("singleuser.storage.capacity", "2 gigabytes"),
        ("singleuser.cpu.limit", "four"),
        ("singleuser.extraResource.limits", {"nvidia.com/gpu": 1}),  # Kubernetes quantities are strings here
        ("singleuser.profileList.1.kubespawner_override.cpu_limt", 2),
        ("singleuser.profileList.1.slug", "CPU only"),
        ("cull.timeout", "30m"),
        ("scheduling.userPods.nodeAffinity.matchNodePurpose", "always"),
        ("singleuser.networkPolicy.enabeld", True),
        ("singleuser.networkPolicy.allowedIngressPorts", ["8888"]),
    ],
)
def test_the_schema_rejects_mistakes(path: str, value: Any) -> None:
    v = copy.deepcopy(values())
    _set(v, path, value)
    assert not validator().is_valid(v), f"{path} = {value!r} passed the schema"


def test_values_agree_with_the_dockerfile() -> None:
    docker = (ROOT / "Dockerfile").read_text()
    m = re.search(r"useradd --create-home --uid (\d+) (\w+)", docker)
    assert m, "the Dockerfile's useradd line"
    uid, user = int(m.group(1)), m.group(2)
    su = values()["singleuser"]
    assert (su["uid"], su["fsGid"]) == (uid, uid)
    assert su["storage"]["homeMountPath"] == f"/home/{user}"
    assert "COPY notebooks /opt/culab/notebooks" in docker
    assert "/opt/culab/notebooks" in " ".join(su["lifecycleHooks"]["postStart"]["exec"]["command"])
    # The CPU profile takes the GPU away and puts the kernel on the virtual GPU.
    cpu = next(p for p in su["profileList"] if p["slug"] == "cpu")["kubespawner_override"]
    assert cpu["extra_resource_limits"] == {} and cpu["environment"]["CULAB_DEVICE"] == "virtual"
    assert su["extraResource"]["limits"] == {"nvidia.com/gpu": "1"} and su["extraEnv"]["CULAB_DEVICE"] == "gpu"


def test_each_pod_is_bounded_and_apart() -> None:
    """The class's isolation on the cluster: limits per pod in every profile,
    a volume of each student's own, a GPU share per GPU pod, no terminal,
    a network policy, and the GPU turn's limit."""
    v = values()
    su = v["singleuser"]
    assert su["cpu"]["limit"] and su["memory"]["limit"], "the GPU profile's pod limits"
    for p in su["profileList"]:
        o = p.get("kubespawner_override", {})
        assert ("cpu_limit" in o or su["cpu"]["limit"]) and ("mem_limit" in o or su["memory"]["limit"]), p["slug"]
    # One PVC per user (claim-<name>) and nothing mounted beside it.
    assert su["storage"]["type"] == "dynamic" and su["storage"]["capacity"]
    assert not {"extraVolumes", "extraVolumeMounts"} & su["storage"].keys() and not {"extraVolumes", "extraVolumeMounts"} & su.keys()
    assert su["extraResource"]["limits"]["nvidia.com/gpu"] == "1"
    assert "--ServerApp.terminals_enabled=False" in v["hub"]["config"]["Spawner"]["args"]
    assert su["networkPolicy"] == {"enabled": True, "allowedIngressPorts": []}
    assert su["extraEnv"]["CULAB_GPU_TURN_MAX"]


def test_device_plugin_configs_parse() -> None:
    cm = yaml.safe_load((DEPLOY / "nvidia-device-plugin-config.yaml").read_text())
    assert cm["kind"] == "ConfigMap"
    ts = yaml.safe_load(cm["data"]["time-slicing"])
    (res,) = ts["sharing"]["timeSlicing"]["resources"]
    assert res["name"] == "nvidia.com/gpu" and isinstance(res["replicas"], int) and res["replicas"] >= 2
    assert yaml.safe_load(cm["data"]["mig"])["flags"]["migStrategy"] == "single"


def test_capacity_table_in_the_readme_is_computed() -> None:
    capacity = runpy.run_path(str(DEPLOY / "capacity.py"))
    table = capacity["capacity_table"](capacity["TABLES"].read_text())
    assert table in (DEPLOY / "README.md").read_text(), "docs/deploy/README.md: paste the output of python3 docs/deploy/capacity.py"
