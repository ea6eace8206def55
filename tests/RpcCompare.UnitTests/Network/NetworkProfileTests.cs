using RpcCompare.Network;

namespace RpcCompare.UnitTests.Network;

public sealed class NetworkProfileTests
{
    [Theory]
    [InlineData("loopback", 0, 0, 0)]
    [InlineData("LAN", 0.2, 1_000_000_000, 1_000_000_000)]
    [InlineData("wan", 10, 100_000_000, 100_000_000)]
    [InlineData("mobile", 40, 10_000_000, 2_000_000)]
    [InlineData("delay=10ms,rate=100mbit", 10, 100_000_000, 100_000_000)]
    [InlineData("delay=500us", 0.5, 0, 0)]
    [InlineData("delay=0.04s,down=10mbit,up=2000kbit", 40, 10_000_000, 2_000_000)]
    [InlineData(" rate = 1.5Gbit ", 0, 1_500_000_000, 1_500_000_000)]
    public void AProfileIsANameOrItsValues(string text, double delayMs, long down, long up)
    {
        Assert.True(NetworkProfile.TryParse(text, out var profile, out var error), error);

        Assert.Equal(delayMs, profile.OneWayDelay.TotalMilliseconds, 6);
        Assert.Equal(down, profile.DownBitsPerSecond);
        Assert.Equal(up, profile.UpBitsPerSecond);
    }

    [Theory]
    [InlineData("satellite", "'satellite' is neither a profile")]
    [InlineData("delay=10", "delay=10: a delay is a number with a unit")]
    [InlineData("delay=-1ms", "a delay lies between 0 and 60 s")]
    [InlineData("delay=2min", "a delay is a number with a unit")]
    [InlineData("rate=fast", "rate=fast: a rate is a number with a unit")]
    [InlineData("rate=10", "a rate is a number with a unit")]
    [InlineData("rate=500bit", "a rate lies between 1kbit and 100gbit")]
    [InlineData("delay=1ms,delay=2ms", "'delay' is given twice")]
    [InlineData("delay=", "'delay=' has no value")]
    [InlineData("jitter=1ms", "'jitter' is not a key of a network")]
    [InlineData("rate=1mbit,up=1mbit", "rate sets both directions")]
    public void AWrongProfileIsNamedInTheError(string text, string expected)
    {
        Assert.False(NetworkProfile.TryParse(text, out _, out var error));

        Assert.Contains(expected, error, StringComparison.Ordinal);
    }

    [Fact]
    public void EachProfileSaysWhatItEmulates()
    {
        Assert.True(NetworkProfile.Loopback.IsLoopback);
        Assert.True(NetworkProfile.TryParse("delay=0ms", out var zero, out _));
        Assert.True(zero.IsLoopback);
        Assert.Equal("40 ms one way, 10 Mbit/s down, 2 Mbit/s up", NetworkProfile.Mobile.Describe());
        Assert.Equal("200 µs one way, 1 Gbit/s down, 1 Gbit/s up", NetworkProfile.Lan.Describe());
    }
}
