"""A table shared out over a Dask cluster survives losing a worker."""

import json
import os

import pytest

from wordle_fast.cli import main
from wordle_fast.exact.settle import complete_table
from wordle_fast.lexicon import Lexicon
from wordle_fast.words import load_answers

distributed = pytest.importorskip("distributed")


@pytest.mark.slow
def test_a_complete_table_survives_a_worker_killed_mid_run(tmp_path, capsys):
    # Two worker processes; the third proof job to start kills its worker
    # (os._exit, as the OOM killer or a lost node would). The cluster's
    # nanny starts a new worker, the scheduler sends the lost job again, and
    # the table completes with every entry the serial run proves.
    words = list(load_answers("original"))[:40]
    lexicon = Lexicon(answers=words, guesses=words)
    serial = complete_table(lexicon, results_path=tmp_path / "serial.json")
    word_file = tmp_path / "words.txt"
    word_file.write_text("\n".join(words))
    marks = tmp_path / "started"
    marks.mkdir()

    class KillTheThirdJob(distributed.WorkerPlugin):
        # Runs in the workers: counts the jobs that start, across workers,
        # by files (each start takes the next free number), and the worker
        # that starts the third dies at once.
        def transition(self, key, start, finish, **kwargs):
            if finish != "executing":
                return
            for number in range(1000):
                try:
                    os.close(os.open(marks / str(number), os.O_CREAT | os.O_EXCL))
                    break
                except FileExistsError:
                    continue
            if number == 2:
                (marks.parent / "killed").write_text(str(os.getpid()))
                os._exit(1)

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        client.register_plugin(KillTheThirdJob())
        assert main(["openers", "--exact", "--all", "--top", "0", "--answers", str(word_file),
                     "--guesses", str(word_file), "--scheduler", cluster.scheduler_address,
                     "--results", str(tmp_path / "dask.json"), "--quiet", "--json"]) == 0
    assert (tmp_path / "killed").exists()          # a worker died mid-run
    assert len(list(marks.iterdir())) > 3          # the killed job ran again, and others after
    shared = {o["opener"]: (o["status"], o["total"], o["guarantee"])
              for o in json.loads(capsys.readouterr().out)["openers"]}
    assert shared == {w: (e.status, e.total, e.guarantee) for w, e in serial.entries.items()}
    saved = json.loads((tmp_path / "dask.json").read_text())
    assert len(saved["entries"]) == len(words)     # every proven entry kept
