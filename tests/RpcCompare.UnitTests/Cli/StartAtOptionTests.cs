using RpcCompare.LoadClient;
using RpcCompare.LoadClient.Cli;

namespace RpcCompare.UnitTests.Cli;

/// <summary>--start-at: a UTC time or a delay from now, refused with a sentence when it cannot be a start.</summary>
public sealed class StartAtOptionTests
{
    private static readonly DateTimeOffset Now = new(2026, 11, 26, 9, 0, 0, 700, TimeSpan.Zero);

    [Theory]
    [InlineData("2026-11-26T09:30:00Z", "2026-11-26T09:30:00.000Z")]
    [InlineData("2026-11-26T09:30:00", "2026-11-26T09:30:00.000Z")]
    [InlineData("2026-11-26T10:30:00+01:00", "2026-11-26T09:30:00.000Z")]
    [InlineData("2026-11-26T09:00:00Z", "2026-11-26T09:00:00.000Z")]
    public void ATimeIsTakenAsUtc(string text, string expected)
    {
        Assert.True(StartAtOption.TryParse(text, Now, out var value, out var error));

        Assert.Null(error);
        Assert.Equal(TimeSpan.Zero, value.Offset);
        Assert.Equal(expected, Iso(value));
    }

    // Now is 09:00:00.700: the fraction is dropped, so clients started within one second agree.
    [Theory]
    [InlineData("+30s", "2026-11-26T09:00:30.000Z")]
    [InlineData("+2m", "2026-11-26T09:02:00.000Z")]
    [InlineData("+1500ms", "2026-11-26T09:00:02.000Z")]
    public void ADelayIsFromNowInWholeSeconds(string text, string expected)
    {
        var ok = StartAtOption.TryParse(text, Now, out var value, out var error);

        Assert.Equal((true, null, expected), (ok, error, Iso(value)));
    }

    [Theory]
    [InlineData("tomorrow", "'tomorrow' is neither a UTC time (2026-11-26T09:30:00Z) nor a delay (+30s).")]
    [InlineData("", "'' is neither a UTC time (2026-11-26T09:30:00Z) nor a delay (+30s).")]
    [InlineData("+30", "'30' is not a duration; write a number with a unit: 500ms, 30s, 5m or 1h.")]
    [InlineData("+soon", "'soon' is not a duration; write a number with a unit: 500ms, 30s, 5m or 1h.")]
    public void GarbageIsRefusedWithASentence(string text, string expected)
    {
        Assert.False(StartAtOption.TryParse(text, Now, out _, out var error));

        Assert.Equal(expected, error);
    }

    [Fact]
    public void APastTimeIsRefused()
    {
        Assert.False(StartAtOption.TryParse("2026-11-26T08:59:00Z", Now, out _, out var error));

        Assert.Equal("2026-11-26T08:59:00Z is already past (it is 09:00:00 UTC now).", error);
    }

    [Fact]
    public void ParseOfGarbageIsAUserFacingError()
    {
        var e = Assert.Throws<UserFacingException>(() => StartAtOption.Parse("soon"));

        Assert.Equal("--start-at: 'soon' is neither a UTC time (2026-11-26T09:30:00Z) nor a delay (+30s).", e.Message);
    }

    [Fact]
    public void ParseOfNothingIsNoStart() => Assert.Null(StartAtOption.Parse(null));

    private static string Iso(DateTimeOffset value) =>
        value.UtcDateTime.ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", System.Globalization.CultureInfo.InvariantCulture);
}
