using RpcCompare.LoadClient.Runs;

namespace RpcCompare.UnitTests.Runs;

public sealed class PrimingTests
{
    [Fact]
    public void RoundsSettleWhenNoEntryGetsMuchFaster()
    {
        // gRPC falls from 4.7 to 1.2 ms over two rounds (tier-up), then holds; REST only wobbles.
        PrimedEntry[] entries = [new("grpc", [4.7, 1.2, 1.1]), new("rest", [1.7, 1.6, 1.75])];

        Assert.Equal(3, Priming.SettledAfter(entries));
    }

    [Fact]
    public void QuietRoundsSettleAtTheMinimum() =>
        Assert.Equal(Priming.MinimumRounds, Priming.SettledAfter([new("grpc", [1.0, 0.9, 0.95]), new("wcf", [1.0, 1.4, 1.3])]));

    [Fact]
    public void TwoRoundsNeverSettle() =>
        Assert.Null(Priming.SettledAfter([new("grpc", [1.0, 1.0])]));

    [Fact]
    public void AnEntryStillFallingHoldsEveryoneBack() =>
        Assert.Null(Priming.SettledAfter([new("grpc", [1.0, 1.0, 1.0]), new("graphql", [6.7, 3.5, 1.1])]));

    [Fact]
    public void AFallOfMoreThanTenPercentInTheLastRoundIsNotSettled() =>
        Assert.Null(Priming.SettledAfter([new("grpc", [2.2, 2.2, 2.2]), new("graphql", [3.03, 3.23, 2.77])]));

    [Fact]
    public void OneRoundSettlesNothing() =>
        Assert.Null(Priming.SettledAfter([new("grpc", [1.0])]));

    [Fact]
    public void ARoundWithoutCallsHoldsNoOneBack() =>
        Assert.Equal(3, Priming.SettledAfter([new("grpc", [double.NaN, 1.0, 0.9])]));

    [Fact]
    public void ARoundStillCompilingIsNotSettled()
    {
        // Latency flat from round 2, but a host spends 7.5% of round 3 in the JIT: round 4, quiet, settles.
        PrimedEntry[] entries = [new("grpc", [3.4, 2.1, 2.1, 2.05]), new("graphql", [12.4, 2.6, 2.6, 2.8])];
        PrimingRound[] rounds = [new(0.16), new(0.14), new(0.075), new(0.004)];

        Assert.Equal(4, Priming.SettledAfter(entries, rounds));
    }

    [Fact]
    public void CompilingInEveryRoundNeverSettles() =>
        Assert.Null(Priming.SettledAfter([new("grpc", [1.0, 1.0, 1.0])], [new(0.2), new(0.1), new(0.05)]));

    [Fact]
    public void ARoundWithoutJitFiguresIsJudgedByLatency() =>
        Assert.Equal(3, Priming.SettledAfter([new("grpc", [1.0, 1.0, 1.0])], [new(0.2), new(0.1), new(double.NaN)]));

    [Fact]
    public void AFallInsideTheRoundsOwnNoiseIsNotAFall()
    {
        // Worst-case: a few dozen calls of seconds each, whose rounds move by a third with nothing warming.
        PrimedEntry entry = new("grpc", [2400, 1800, 2450], [400, 350, 420]);

        Assert.Equal(3, Priming.SettledAfter([entry]));
    }

    [Fact]
    public void AFallBeyondTheNoiseHoldsThePrimingBack() =>
        Assert.Null(Priming.SettledAfter([new("graphql", [9.6, 9.3, 3.6], [0.2, 0.2, 0.1])]));

    [Fact]
    public void ARoundWithOneIntervalTellsNoFall() =>
        Assert.Equal(3, Priming.SettledAfter([new("grpc", [3000, 3000, 1500], [300, 300, double.NaN])]));
}
