using RpcCompare.LoadClient.Runs;
using RpcCompare.Reports.Reporting;

namespace RpcCompare.UnitTests.Runs;

public class CalibrationTableTests
{
    private static CalibrationRunResult Run(CalibrationKind kind, int number, double seconds, double baseMs, double replicaMs,
        params (string Variant, double Probability, PairOutcome Outcome)[] verdicts) =>
        new(kind, number, $"run-{number}", TimeSpan.FromSeconds(seconds),
            [.. verdicts.Select(v => new PairVerdict(v.Variant, v.Probability, v.Outcome, "detail"))], baseMs, replicaMs);

    private static readonly CalibrationRunResult[] Runs =
    [
        Run(CalibrationKind.Same, 1, 100, 0.20, 0.21, ("", 0.5, PairOutcome.Equivalent), ("", 0.99, PairOutcome.Inconclusive)),
        Run(CalibrationKind.Same, 2, 120, 0.22, 0.20, ("", 0.5, PairOutcome.SecondFaster), ("", 0.99, PairOutcome.Inconclusive)),
        Run(CalibrationKind.Same, 3, 90, 0.18, 0.18, ("", 0.5, PairOutcome.Inconclusive), ("", 0.99, PairOutcome.FirstFaster)),
        Run(CalibrationKind.Same, 4, 110, 0.24, 0.23, ("", 0.5, PairOutcome.Equivalent), ("", 0.99, PairOutcome.Equivalent)),
        Run(CalibrationKind.Effect, 1, 130, 0.25, 0.30, ("", 0.5, PairOutcome.FirstFaster), ("", 0.99, PairOutcome.Inconclusive)),
        Run(CalibrationKind.Effect, 2, 140, 0.27, 0.30, ("", 0.5, PairOutcome.FirstFaster), ("", 0.99, PairOutcome.FirstFaster)),
        Run(CalibrationKind.Effect, 3, 150, 0.26, 0.24, ("", 0.5, PairOutcome.SecondFaster), ("", 0.99, PairOutcome.Inconclusive)),
        // A failed run costs its time but gives no verdict.
        new(CalibrationKind.Effect, 4, "run-4", TimeSpan.FromSeconds(20), [], null, null, "exit code 1"),
    ];

    [Fact]
    public void TheRowsCountEveryAnswerOfEveryRun()
    {
        var rows = CalibrationTable.Rows(Runs);

        Assert.Equal(
        [
            new CalibrationRow(CalibrationKind.Same, "", 0.5, StackFaster: 0, ReplicaFaster: 1, Equivalent: 2, Inconclusive: 1),
            new CalibrationRow(CalibrationKind.Same, "", 0.99, StackFaster: 1, ReplicaFaster: 0, Equivalent: 1, Inconclusive: 2),
            new CalibrationRow(CalibrationKind.Effect, "", 0.5, StackFaster: 2, ReplicaFaster: 1, Equivalent: 0, Inconclusive: 0),
            new CalibrationRow(CalibrationKind.Effect, "", 0.99, StackFaster: 1, ReplicaFaster: 0, Equivalent: 0, Inconclusive: 2),
        ], rows);
        Assert.Equal([0.25, 0.25, null, null], rows.Select(r => r.FalseVerdictRate));
        Assert.Equal([null, null, 2.0 / 3, 1.0 / 3], rows.Select(r => r.Power));
    }

    [Fact]
    public void RunTimesAndMediansAreTheRunsMedians()
    {
        Assert.Equal(TimeSpan.FromSeconds(105), CalibrationTable.MedianRunTime(Runs, CalibrationKind.Same));
        Assert.Equal(TimeSpan.FromSeconds(135), CalibrationTable.MedianRunTime(Runs, CalibrationKind.Effect));
        Assert.Equal(0.21, CalibrationTable.MedianBaseMs(Runs, CalibrationKind.Same)!.Value, 12);
        Assert.Equal(0.26, CalibrationTable.MedianBaseMs(Runs, CalibrationKind.Effect)!.Value, 12);
        Assert.Equal(-0.005, CalibrationTable.MedianDifferenceMs(Runs, CalibrationKind.Same)!.Value, 12);
        Assert.Equal(0.03, CalibrationTable.MedianDifferenceMs(Runs, CalibrationKind.Effect)!.Value, 12);
        Assert.Null(CalibrationTable.Median([]));
    }

    [Fact]
    public void TheTablePrintsRatesPowerAndTheTargets()
    {
        var setup = new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(21), "10% of gRPC's median in the A/A runs, 0.21 ms");

        var text = CalibrationTable.ToMarkdown(setup, Runs);

        Assert.StartsWith("Calibration of the verdict: ping, gRPC against gRPC (replica 2); 4 A/A runs and 4 runs with gRPC (replica 2) slowed " +
            "by 0.021 ms per call (10% of gRPC's median in the A/A runs, 0.21 ms). The A/A runs reached each host directly, as a measurement " +
            "does; the effect runs through a relay of its own.", text, StringComparison.Ordinal);
        Assert.Contains("| A/A | — | median | 4 | 0 | 1 | 2 | 1 | 25% | — |", text, StringComparison.Ordinal);
        Assert.Contains("| effect | — | p99 | 3 | 1 | 0 | 0 | 2 | — | 33.3% |", text, StringComparison.Ordinal);
        Assert.Contains("- A/A runs: median run time 105 s; in the first variant, gRPC's median 0.21 ms, gRPC (replica 2) − gRPC −0.005 ms " +
            "(medians of the runs); failed runs: none.", text, StringComparison.Ordinal);
        Assert.Contains("- effect runs: median run time 135 s;", text, StringComparison.Ordinal);
        Assert.Contains("failed runs: run-4 (exit code 1).", text, StringComparison.Ordinal);
        Assert.Contains("- At the median, 1 of 4 A/A comparisons named a winner (25%); the target is at most 5% of at least 20: not judged yet (4 of the 20 comparisons it needs).", text, StringComparison.Ordinal);
        Assert.Contains("- At the median, the injected delay was found with the right sign in 2 of 3 comparisons (66.7%), with the wrong sign in 1; " +
            "the target is at least 80%: not judged yet (3 of the 20 comparisons it needs).", text, StringComparison.Ordinal);
    }

    [Fact]
    public void ATableOfAaRunsOnlySaysNoEffectRunWasMadeYet()
    {
        var setup = new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(21), "10% of gRPC's median in the A/A runs, 0.21 ms");

        var text = CalibrationTable.ToMarkdown(setup, Runs.Where(r => r.Kind == CalibrationKind.Same).ToList());

        Assert.Contains("; 4 A/A runs and no effect run yet (the delay: 0.021 ms per call, 10% of gRPC's median in the A/A runs, 0.21 ms). " +
            "The A/A runs reached each host directly, as a measurement does.\n", text, StringComparison.Ordinal);
        Assert.Contains("- A/A runs: median run time 105 s;", text, StringComparison.Ordinal);
        Assert.DoesNotContain("- effect runs:", text, StringComparison.Ordinal);
        Assert.DoesNotContain("injected delay was found", text, StringComparison.Ordinal);
    }

    [Fact]
    public void TwentyQuietAaComparisonsMeetTheTarget()
    {
        var runs = Enumerable.Range(1, 20).Select(i => Run(CalibrationKind.Same, i, 60, 0.2, 0.2,
            ("1-thread", 0.5, i == 7 ? PairOutcome.FirstFaster : PairOutcome.Equivalent))).ToList();

        var text = CalibrationTable.ToMarkdown(new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(20), "as given")
        {
            RelayedSame = true,
        }, runs);

        Assert.Contains("20 A/A runs and no effect run yet (the delay: 0.02 ms per call, as given). " +
            "The A/A runs reached each host through a relay of its own, as the effect runs do.", text, StringComparison.Ordinal);
        Assert.Contains("| A/A | 1-thread | median | 20 | 1 | 0 | 19 | 0 | 5% | — |", text, StringComparison.Ordinal);
        Assert.Contains("1 of 20 A/A comparisons named a winner (5%); the target is at most 5% of at least 20: met.", text, StringComparison.Ordinal);
    }

    [Fact]
    public void TwoWinnersInTwentyAaComparisonsMissTheTarget()
    {
        var runs = Enumerable.Range(1, 20).Select(i => Run(CalibrationKind.Same, i, 60, 0.2, 0.2,
            ("1-thread", 0.5, i is 7 or 9 ? PairOutcome.FirstFaster : PairOutcome.Inconclusive))).ToList();

        var text = CalibrationTable.ToMarkdown(new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(20), "as given"), runs);

        Assert.Contains("2 of 20 A/A comparisons named a winner (10%); the target is at most 5% of at least 20: not met.", text, StringComparison.Ordinal);
    }

    [Fact]
    public void TheCostTableCountsTheAaRunsOnly()
    {
        static PairCostVerdict Cost(string question, PairOutcome outcome) => new("", question, outcome, "detail");
        CalibrationRunResult[] runs =
        [
            Runs[0] with { Costs = [Cost("least server CPU per request", PairOutcome.SecondFaster), Cost("highest throughput", PairOutcome.Inconclusive)] },
            Runs[1] with { Costs = [Cost("least server CPU per request", PairOutcome.Equivalent), Cost("highest throughput", PairOutcome.Inconclusive)] },
            // The delay lowers the replica's throughput: an effect run's answers are not a false verdict.
            Runs[4] with { Costs = [Cost("least server CPU per request", PairOutcome.FirstFaster), Cost("highest throughput", PairOutcome.FirstFaster)] },
        ];

        var rows = CalibrationTable.CostRows(runs);
        var text = CalibrationTable.ToMarkdown(new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(20), "as given"), runs);

        Assert.Equal(
        [
            new CalibrationCostRow("", "least server CPU per request", StackBetter: 0, ReplicaBetter: 1, Equivalent: 1, Inconclusive: 0),
            new CalibrationCostRow("", "highest throughput", StackBetter: 0, ReplicaBetter: 0, Equivalent: 0, Inconclusive: 2),
        ], rows);
        Assert.Equal([0.5, 0.0], rows.Select(r => r.FalseVerdictRate));
        Assert.Contains("| — | least server CPU per request | 2 | 0 | 1 | 1 | 0 | 50% |", text, StringComparison.Ordinal);
        Assert.Contains("- Over every cost question, 1 of 4 A/A comparisons named a winner (25%).", text, StringComparison.Ordinal);
        Assert.DoesNotContain("cost figures in the A/A runs", CalibrationTable.ToMarkdown(
            new CalibrationSetup("ping", "grpc", "grpc.replica2", TimeSpan.FromMicroseconds(20), "as given"), Runs), StringComparison.Ordinal);
    }

    [Fact]
    public void TheDefaultEffectIsTenPercentOfTheAaMedian()
    {
        var plan = new CalibrationPlan { Scenario = "ping", Stack = "grpc", Runs = 4, Folder = "out" };

        var (delay, origin) = CalibrationRun.Delay(plan, Runs);

        Assert.Equal(TimeSpan.FromMicroseconds(21), delay);
        Assert.Equal("10% of gRPC's median in the A/A runs, 0.21 ms", origin);
        Assert.Equal((TimeSpan.FromMilliseconds(1), "as given"), CalibrationRun.Delay(plan with { Delay = TimeSpan.FromMilliseconds(1) }, Runs));
        Assert.Null(CalibrationRun.Delay(plan, []).Delay);
    }

    [Fact]
    public void EffectRunsCarryTheDelayAndAaRunsNone()
    {
        var plan = new CalibrationPlan { Scenario = "base-case", Stack = "rest", Runs = 2, Folder = "out", RunOptions = ["--requests", "500"] };

        Assert.Equal(["--requests", "500", "--scenario", "base-case", "--stacks", "rest,rest#2", "--out", "aa-01", "--no-report"],
            CalibrationRun.Arguments(plan, "aa-01", null));
        Assert.Equal(["--requests", "500", "--scenario", "base-case", "--stacks", "rest,rest#2", "--out", "effect-01", "--no-report",
            "--calibration-delay", "rest#2=0.15ms"], CalibrationRun.Arguments(plan, "effect-01", TimeSpan.FromMicroseconds(150)));
        Assert.Equal(["--requests", "500", "--scenario", "base-case", "--stacks", "rest,rest#2", "--out", "aa-01", "--no-report",
            "--calibration-delay", "rest#2=0ms"], CalibrationRun.Arguments(plan, "aa-01", TimeSpan.Zero));
    }
}
