#!/usr/bin/env bash
# End-to-end test of sasl sim on a real one-node Slurm cluster on localhost
# (run by .ci/run; needs Debian's slurmctld, slurmd, slurm-client and munge).
# It starts munged, slurmctld and slurmd in a private state folder (its own
# munge key and socket, its own ports), submits the job arrays of
# sim.sbatch and merge.sbatch on the four-board mission, and checks:
#   1. the merged report equals the unsharded run byte for byte;
#   2. a task requeued while it plays (Slurm kills it) runs again and leaves
#      no stray part or temporary file, and the merge is still exact;
#   3. a task whose sasl exits 75 requeues itself and then succeeds; one
#      whose sasl exits 1 fails, its merge never runs, and sasl sim status
#      names it failed.
# Every daemon it started is stopped, by PID, however it ends.
#
#   deploy/slurm/e2e.sh [BOARDS]     (default ../shared/vasl/boards)
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
boards=${1:-$repo/../shared/vasl/boards}
mission=$repo/examples/four-boards.yaml
limit=${SASL_SLURM_LIMIT:-150} # seconds any one wait may take

say() { echo "slurm-e2e: $*"; }
fail() {
	echo "slurm-e2e: FAIL: $*" >&2
	exit 1
}
for c in munged mungekey slurmctld slurmd sbatch squeue scontrol sinfo; do
	command -v "$c" >/dev/null || fail "$c is not installed (Debian: slurmctld slurmd slurm-client munge)"
done
[ -d "$boards" ] || fail "no boards folder $boards"

work=$(mktemp -d /tmp/sasl-slurm.XXXXXX)
chmod 755 "$work"
pids=()
stop() {
	status=$?
	set +e
	if [ -n "${SLURM_CONF:-}" ] && [ -f "$work/run/slurmctld.pid" ]; then
		scancel --quiet --user="$(id -un)" 2>/dev/null
	fi
	for f in slurmd slurmctld munged; do
		if [ -f "$work/run/$f.pid" ]; then
			p=$(cat "$work/run/$f.pid")
			kill "$p" 2>/dev/null
			for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
			kill -9 "$p" 2>/dev/null
		fi
	done
	if [ "$status" -ne 0 ]; then
		for l in "$work"/log/*.log "$work"/out/*; do
			[ -f "$l" ] && { echo "--- $l"; tail -20 "$l"; }
		done >&2
	fi
	rm -rf "$work"
	exit "$status"
}
trap stop EXIT
trap 'exit 130' INT TERM

mkdir -p "$work"/{bin,run,log,state,spool,munge,out}
chmod 700 "$work/munge"
go build -o "$work/bin/sasl" ./cmd/sasl
export SASL=$work/bin/sasl
# The boards read from VASL archives are kept in a cache of this run's own
# (the tasks of an array write it at once), not the user's.
export SASL_CACHE=$work/cache

# munge, with its own key and socket.
mungekey --create --keyfile="$work/munge/munge.key"
munged --socket="$work/run/munge.sock" --key-file="$work/munge/munge.key" \
	--pid-file="$work/run/munged.pid" --log-file="$work/log/munged.log" --seed-file="$work/munge/seed"

# slurm.conf: one node (the line slurmd -C prints), one partition.
port=$((20000 + RANDOM % 20000))
host=$(hostname -s)
cat >"$work/slurm.conf" <<EOF
ClusterName=saslci
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/run/munge.sock
SlurmUser=$(id -un)
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
JobRequeue=1
MinJobAge=600
$(slurmd -C | head -1)
PartitionName=sasl Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"

# wait_for DESC CMD...: until CMD succeeds, at most $limit seconds.
wait_for() {
	local what=$1
	shift
	for _ in $(seq $((limit * 2))); do
		"$@" && return 0
		sleep 0.5
	done
	fail "no $what within ${limit}s"
}
node_idle() { sinfo -h -o %T 2>/dev/null | grep -qx idle; }
wait_for "idle node" node_idle
say "cluster up: $host, ports $port-$((port + 1)), state in $work"

# job_state ID: the job's state (COMPLETED, FAILED, PENDING ...).
job_state() { scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1; }
# array_done JOB: every task of the array has ended.
array_done() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }
# release JOB: a requeued task waits for its BeginTime (Slurm holds a
# requeued job back some two minutes): let it start at once.
release() {
	local t
	for t in $(squeue -h -j "$1" -t PD -o '%i %r' 2>/dev/null | awk '$2 == "BeginTime" {print $1}'); do
		scontrol update JobId="$t" StartTime=now
	done
}
released_done() { release "$1"; array_done "$1"; }
# no_stray FOLDER N: exactly the N parts and their progress, nothing else.
no_stray() {
	local got want
	got=$(cd "$1" && ls -A | sort | tr '\n' ' ')
	want=$(for i in $(seq 0 $(($2 - 1))); do printf 'part-%d.json\npart-%d.progress\n' "$i" "$i"; done | sort | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "$1 holds [$got], want [$want]"
}
common=(--mission "$mission" --boards "$boards")

# 1. Four tasks and the merge.
parts=$work/parts1
runs=800
jid=$(sbatch --parsable --array=0-3 -o "$work/out/sim1-%a.out" deploy/slurm/sim.sbatch "$parts" "$runs" 7 "${common[@]}")
mid=$(sbatch --parsable --dependency=afterok:"$jid" -o "$work/out/merge1.out" deploy/slurm/merge.sbatch "$parts" "$work/report1.json" "${common[@]}")
merged() { [ "$(job_state "$mid")" = COMPLETED ]; }
wait_for "merge of job $jid" merged
"$SASL" sim --runs "$runs" --seed 7 --json "${common[@]}" >"$work/whole1.json"
cmp -s "$work/report1.json" "$work/whole1.json" || fail "the merged report of job $jid differs from the unsharded run"
no_stray "$parts" 4
"$SASL" sim status "$parts" >/dev/null || fail "sim status after the merge: exit $?"
say "1. array $jid of 4 tasks and merge $mid: the report equals the unsharded run ($(wc -c <"$work/report1.json") bytes)"

# 2. A task requeued while it plays.
parts=$work/parts2
runs=24000
jid=$(sbatch --parsable --array=0-3 -o "$work/out/sim2-%a.out" deploy/slurm/sim.sbatch "$parts" "$runs" 8 "${common[@]}")
playing() { grep -q '"state": "running"' "$parts/part-1.progress" 2>/dev/null && ! grep -q '"done": 0,' "$parts/part-1.progress"; }
wait_for "progress of task 1" playing
scontrol requeue "${jid}_1"
say "2. task ${jid}_1 requeued while it played: $(grep '"done"' "$parts/part-1.progress" | tr -d ' ,')"
wait_for "end of job $jid" released_done "$jid"
grep -q "try 2" "$work/out/sim2-1.out" || fail "task 1 did not run again"
no_stray "$parts" 4
"$SASL" sim merge "$parts" --json "${common[@]}" >"$work/report2.json"
"$SASL" sim --runs "$runs" --seed 8 --json "${common[@]}" >"$work/whole2.json"
cmp -s "$work/report2.json" "$work/whole2.json" || fail "after the requeue, the merged report differs from the unsharded run"
say "2. ran again; no stray part; the merge equals the unsharded run"

# 3. Exit 75 requeues, exit 1 fails: a sasl that fails once with 75 in
# task 2, and task 3 given a mission that is not there.
parts=$work/parts3
real=$SASL
cat >"$work/bin/flaky" <<EOF
#!/bin/bash
if [ "\$SLURM_ARRAY_TASK_ID" = 2 ] && [ "\${SLURM_RESTART_COUNT:-0}" = 0 ]; then
	echo "flaky: exit 75 on the first try" >&2
	exit 75
fi
if [ "\$SLURM_ARRAY_TASK_ID" = 3 ]; then
	exec "$real" "\$@" --mission "$work/gone.yaml"
fi
exec "$real" "\$@"
EOF
chmod +x "$work/bin/flaky"
jid=$(SASL=$work/bin/flaky sbatch --parsable --array=0-3 -o "$work/out/sim3-%a.out" deploy/slurm/sim.sbatch "$parts" 400 9 --boards "$boards" --mission "$mission")
mid=$(sbatch --parsable --dependency=afterok:"$jid" -o "$work/out/merge3.out" deploy/slurm/merge.sbatch "$parts" "$work/report3.json")
wait_for "end of job $jid" released_done "$jid"
[ "$(job_state "${jid}_2")" = COMPLETED ] || fail "task 2 after exit 75: $(job_state "${jid}_2")"
grep -q "try 2" "$work/out/sim3-2.out" || fail "task 2 was not requeued after exit 75"
[ "$(job_state "${jid}_3")" = FAILED ] || fail "task 3 (exit 1): $(job_state "${jid}_3")"
never() { squeue -h -j "$mid" -o %r | grep -q DependencyNeverSatisfied; }
wait_for "merge $mid held for ever" never
[ ! -e "$work/report3.json" ] || fail "the merge ran although task 3 failed"
set +e
status=$("$SASL" sim status "$parts")
code=$?
set -e
[ "$code" -eq 3 ] || fail "sim status with a failed shard: exit $code"
echo "$status" | grep -q "shard 2: done" || fail "sim status: $status"
echo "$status" | grep -q "shard 3: failed .*gone.yaml" || fail "sim status: $status"
scancel "$mid"
say "3. exit 75 requeued task 2, which then succeeded; exit 1 failed task 3 and held the merge; sim status says so"
say "PASS"
