using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>The knee rule on synthetic ramps (capacity 1,000 req/s, the default steps): from the knee on, every step's p99
/// past 10x the ramp's lowest p99, or over 1% refused; and the sentence that names the knee and the overload behaviour.</summary>
public sealed class OverloadKneeTests
{
    private static readonly int[] Percents = [25, 50, 75, 100, 125, 150, 200];

    /// <summary>A queueing stack, a refusing one, one that never knees within the ramp and one that does both.</summary>
    [Theory]
    [InlineData("queues", new[] { 2, 2.2, 2.5, 3, 30, 400, 12_000 }, new long[] { 0, 0, 0, 0, 0, 0, 0 }, new long[] { 0, 0, 0, 0, 0, 0, 0 },
        "queues: knee at 1,250 req/s (125% of its capacity): p99 30 ms passed 10x its 2 ms floor; " +
        "queues: p99 grows to 12 s at 200%, nothing refused.")]
    [InlineData("refuses", new double[] { 40, 40, 40, 40, 40, 40, 40 }, new long[] { 0, 0, 0, 0, 5, 200, 310 }, new long[] { 0, 0, 0, 0, 0, 0, 0 },
        "refuses: knee at 1,500 req/s (150% of its capacity): 20% of calls refused (over-limit 200); " +
        "refuses 31% with over-limit 310 at 200%, p99 stays 40 ms.")]
    [InlineData("keeps up", new[] { 2, 2.1, 2.3, 2.6, 3, 4, 5 }, new long[] { 0, 0, 0, 0, 0, 0, 0 }, new long[] { 0, 0, 0, 0, 0, 0, 0 },
        "keeps up: no knee up to 2,000 req/s (200% of its capacity): p99 stayed within 10x its 2 ms floor and " +
        "refusals within 1%; keeps up at 200%: p99 5 ms, nothing refused.")]
    [InlineData("both", new double[] { 2, 2, 2, 2, 50, 900, 30_000 }, new long[] { 0, 0, 0, 0, 0, 0, 0 }, new long[] { 0, 0, 0, 0, 0, 0, 400 },
        "both: knee at 1,250 req/s (125% of its capacity): p99 50 ms passed 10x its 2 ms floor; " +
        "queues and refuses: p99 grows to 30 s and 40% fail (timeout 400) at 200%.")]
    public void TheSentenceNamesTheKneeAndTheBehaviour(string stack, double[] p99, long[] overLimit, long[] timeouts, string expected)
    {
        var finding = OverloadKnee.Find(Ramp(p99, overLimit, timeouts));

        Assert.Equal(expected, OverloadKnee.Sentence(stack, finding));
    }

    [Fact]
    public void AP99OfExactlyTenTimesTheFloorIsNotAKnee()
    {
        var finding = OverloadKnee.Find(Ramp(p99: [2, 2, 2, 2, 20, 20, 20]));

        Assert.Null(finding.Knee);
    }

    [Fact]
    public void OneStrayStepIsNotAKnee()
    {
        var finding = OverloadKnee.Find(Ramp(p99: [7, 80, 70, 9, 10, 300, 900]));

        Assert.Equal((7.0, 150), (finding.FloorMs!.Value, finding.Knee!.Percent));
    }

    [Fact]
    public void TheFloorIsTheLowestP99WhereverItFalls()
    {
        // The first step's p99 caught a pause; the stack's floor is what it does when nothing gets in the way.
        var finding = OverloadKnee.Find(Ramp(p99: [126, 21, 131, 95, 161, 305, 973]));

        Assert.Equal((21.0, 150), (finding.FloorMs!.Value, finding.Knee!.Percent));
    }

    [Fact]
    public void AnEmptyStepDecidesNothing()
    {
        var steps = Ramp(p99: [2, 3, 3, 3, 3, 3, 3]);
        steps[0] = Empty(25);
        steps[4] = Empty(125);
        steps[6] = Empty(200);

        var finding = OverloadKnee.Find(steps);

        // The floor is the lowest p99 of the steps with calls, and the top is the highest step with calls (150%).
        Assert.Equal((3.0, (OverloadPoint?)null, 150), (finding.FloorMs!.Value, finding.Knee, finding.Top!.Percent));
    }

    [Fact]
    public void ARampWithoutCallsHasNoKnee()
    {
        var finding = OverloadKnee.Find([.. Percents.Select(Empty)]);

        Assert.Equal("gRPC: no step finished a call, so it has no knee; no behaviour to describe.", OverloadKnee.Sentence("gRPC", finding));
    }

    [Fact]
    public void AHostThatRefusesShowsRefusalsNotLatency()
    {
        var entry = new SummaryEntry
        {
            Stack = "grpc", Scenario = "overload", Variant = "load=200%", Status = ResultsFormat.EntryStatus.Ok, Threads = 100,
            Requests = 690, Errors = 310, ErrorsByKind = new Dictionary<string, long> { ["over-limit"] = 310, ["timeout"] = 0 },
            DurationSeconds = 1, ThroughputRps = 690, CallsPerUnit = 1, LimitsHit = [], Files = new EntryFiles(),
            LatencyMs = new LatencySummary { P50 = 3, P90 = 10, P99 = 40, P999 = 45, Max = 50, Mean = 5 },
        };

        var point = OverloadSection.Point(new OverloadStepRate { Variant = "load=200%", Percent = 200, OfferedRps = 1000 }, entry);

        Assert.Equal((0.31, 40.0, 1), (point.RefusedShare, point.P99Ms!.Value, point.FailedByKind.Count));
        Assert.Equal("refuses 31% with over-limit 310 at 200%, p99 stays 40 ms",
            OverloadKnee.BehaviourText(OverloadKnee.Find([Step(25, 30, 1000), point])));
    }

    private static List<OverloadPoint> Ramp(double[] p99, long[]? overLimit = null, long[]? timeouts = null) =>
        Percents.Select((percent, i) =>
        {
            var failed = new Dictionary<string, long>();
            if (overLimit?[i] > 0)
            {
                failed["over-limit"] = overLimit[i];
            }
            if (timeouts?[i] > 0)
            {
                failed["timeout"] = timeouts[i];
            }
            return Step(percent, p99[i], 1000 - failed.Values.Sum(), failed);
        }).ToList();

    private static OverloadPoint Step(int percent, double p99, long succeeded, Dictionary<string, long>? failed = null) =>
        new(percent, percent * 10, succeeded, succeeded, failed ?? [], p99 / 2, p99, p99 * 2);

    private static OverloadPoint Empty(int percent) => new(percent, percent * 10, 0, 0, new Dictionary<string, long>(), null, null, null);
}
