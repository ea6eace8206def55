using RpcCompare.Reports.Statistics;

namespace RpcCompare.UnitTests.Reports.Statistics;

public class ShiftSentencesTests
{
    [Fact]
    public void TailSpeedUpIsOneQuantileStatementWithItsInterval()
    {
        // The brief's example: from the 80th percentile up, a -0.9 s shift with a band of -1.1 to -0.7 s.
        var shift = Shift(q => q >= 0.8 ? (-900, -1100, -700) : (5, -50, 60));

        var sentences = ShiftSentences.Describe(shift, "gRPC", "WCF");

        Assert.Equal(
            [
                "Up to the 79th percentile, the two are indistinguishable (the band includes zero).",
                "From the 80th percentile up, gRPC answers at least 0.9 s sooner than WCF (95% simultaneous band 0.7\u20131.1 s).",
            ],
            sentences);
    }

    [Fact]
    public void ABandIncludingZeroEverywhereSaysIndistinguishable()
    {
        var shift = Shift(_ => (0.2, -1, 1));

        var sentences = ShiftSentences.Describe(shift, "gRPC", "WCF");

        Assert.Equal(["Across the whole distribution (1st to 99.9th percentile), gRPC and WCF are indistinguishable (the band includes zero everywhere)."], sentences);
    }

    [Fact]
    public void ASlowerMiddleQuotesItsSmallestDifference()
    {
        var shift = Shift(q => q is >= 0.2 and <= 0.5 ? (0.3 + q, 0.1, 0.9) : (0, -0.1, 0.1));

        var sentences = ShiftSentences.Describe(shift, "REST", "WCF");

        Assert.Equal(
            [
                "Up to the 19th percentile, the two are indistinguishable (the band includes zero).",
                "From the 20th percentile to the median, REST answers at least 500 \u00b5s later than WCF (95% simultaneous band 100\u2013900 \u00b5s).",
                "From the 51st percentile up, the two are indistinguishable (the band includes zero).",
            ],
            sentences);
    }

    [Fact]
    public void SingleQuantileRunsAreNamedAlone()
    {
        var shift = Shift(q => q == 0.999 ? (-30, -45, -12) : (0, -5, 5));

        var sentences = ShiftSentences.Describe(shift, "gRPC", "WCF");

        Assert.Equal("At the 99.9th percentile, gRPC answers at least 30 ms sooner than WCF (95% simultaneous band 12\u201345 ms).", sentences[^1]);
    }

    [Fact]
    public void ShortGapInsideARunBecomesAnExceptionRatherThanThreeSentences()
    {
        var shift = Shift(q => q < 0.18 ? (0, -1, 1) : q == 0.19 ? (-0.2, -0.5, 0.1) : (-0.4 - q, -0.7 - q, -0.1));

        var sentences = ShiftSentences.Describe(shift, "REST", "WCF");

        Assert.Equal(
            [
                "Up to the 17th percentile, the two are indistinguishable (the band includes zero).",
                "From the 18th percentile up (except at the 19th percentile, where the band includes zero), REST answers at least 580 \u00b5s sooner than WCF (95% simultaneous band 100\u2013880 \u00b5s).",
            ],
            sentences);
    }

    [Fact]
    public void LongerGapsStayTheirOwnSentence()
    {
        var shift = Shift(q => q is >= 0.3 and <= 0.32 ? (0, -1, 1) : (-5, -6, -4));

        var sentences = ShiftSentences.Describe(shift, "gRPC", "WCF");

        Assert.Equal(3, sentences.Count);
        Assert.Equal("From the 30th percentile to the 32nd percentile, the two are indistinguishable (the band includes zero).", sentences[1]);
    }

    [Theory]
    [InlineData(0.01, "1st")]
    [InlineData(0.02, "2nd")]
    [InlineData(0.03, "3rd")]
    [InlineData(0.11, "11th")]
    [InlineData(0.12, "12th")]
    [InlineData(0.13, "13th")]
    [InlineData(0.21, "21st")]
    [InlineData(0.92, "92nd")]
    [InlineData(0.999, "99.9th")]
    public void OrdinalsReadAsEnglish(double probability, string expected)
    {
        Assert.Equal(expected, ShiftSentences.Ordinal(probability));
    }

    [Theory]
    [InlineData(0.0005, "0.5 \u00b5s")]
    [InlineData(0.25, "250 \u00b5s")]
    [InlineData(1.234, "1.2 ms")]
    [InlineData(12.34, "12 ms")]
    [InlineData(1500, "1.5 s")]
    [InlineData(-0.9, "-900 \u00b5s")]
    public void DurationsPickAUnitThatSuitsTheirSize(double milliseconds, string expected)
    {
        Assert.Equal(expected, DurationText.Format(milliseconds));
    }

    [Theory]
    [InlineData(0.0043, "0.0043")]
    [InlineData(0.93, "0.93")]
    [InlineData(0.999, "1")]
    [InlineData(1.04, "1")]
    [InlineData(0, "0")]
    [InlineData(-0.00001, "-0.00001")]
    [InlineData(930.4, "930")]
    public void NumbersKeepTwoSignificantDigitsSoASmallBoundIsNeverZero(double value, string expected)
    {
        Assert.Equal(expected, DurationText.Number(value));
    }

    private static QuantileShift Shift(Func<double, (double Delta, double Lower, double Upper)> at)
    {
        var grid = QuantileGrid.Delta;
        var points = grid.Select(at).ToArray();
        return new QuantileShift(
            grid,
            [.. points.Select(p => p.Delta)],
            [.. points.Select(_ => 0.0)],
            [.. points.Select(p => p.Lower)],
            [.. points.Select(p => p.Upper)],
            [],
            (1000, QuantileMethod.HarrellDavis),
            (1000, QuantileMethod.HarrellDavis),
            2000,
            0.95,
            0.997,
            ([.. points.Select(p => p.Lower)], [.. points.Select(p => p.Upper)]));
    }
}
