using RpcCompare.Protocols.Grpc;

namespace RpcCompare.UnitTests.Grpc;

public class GrpcHeaderCodecTests
{
    [Theory]
    [InlineData("1H", 36_000_000_000L)]
    [InlineData("2M", 1_200_000_000L)]
    [InlineData("3S", 30_000_000L)]
    [InlineData("250m", 2_500_000L)]
    [InlineData("7u", 70L)]
    [InlineData("1n", 1L)]
    [InlineData("99999999S", 999_999_990_000_000L)]
    public void TimeoutParsesEveryUnit(string text, long expectedTicks)
    {
        Assert.True(GrpcTimeout.TryParse(text, out var timeout));
        Assert.Equal(expectedTicks, timeout.Ticks);
    }

    [Theory]
    [InlineData("")]
    [InlineData("S")]
    [InlineData("10")]
    [InlineData("10s")]
    [InlineData("-1S")]
    [InlineData("123456789S")]
    [InlineData("1.5S")]
    public void TimeoutRejectsMalformedText(string text)
    {
        Assert.False(GrpcTimeout.TryParse(text, out _));
    }

    [Theory]
    [InlineData(2_500_000L, "250m")]
    [InlineData(1L, "1m")]
    [InlineData(100_000_000_000_000L, "10000000S")]
    [InlineData(1_000_000_000_000_000L, "1666667M")]
    public void TimeoutFormatsRoundedUpWithinEightDigits(long ticks, string expected)
    {
        Assert.Equal(expected, GrpcTimeout.Format(TimeSpan.FromTicks(ticks)));
    }

    [Theory]
    [InlineData("plain text", "plain text")]
    [InlineData("100%", "100%25")]
    [InlineData("line\nbreak", "line%0Abreak")]
    [InlineData("café ✓", "caf%C3%A9 %E2%9C%93")]
    public void MessageEncodingPercentEncodesOutsidePrintableAscii(string text, string expected)
    {
        Assert.Equal(expected, GrpcMessageEncoding.Encode(text));
        Assert.Equal(text, GrpcMessageEncoding.Decode(expected));
    }

    [Theory]
    [InlineData("50%", "50%")]
    [InlineData("%zz and %4", "%zz and %4")]
    [InlineData("%e2%9c%93", "✓")]
    public void MessageDecodingIsLenient(string wire, string expected)
    {
        Assert.Equal(expected, GrpcMessageEncoding.Decode(wire));
    }
}
