using System.Globalization;
using RpcCompare.LoadClient.Crank;
using RpcCompare.LoadClient.Merging;
using RpcCompare.Reports.Results;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Reports.Results;

/// <summary>The writers write in the invariant culture; the readers read the same in the operator's, whatever it is.</summary>
public class CultureTests
{
    private static readonly DateTime Finished = new(2026, 11, 22, 10, 19, 30, DateTimeKind.Utc);

    [Theory]
    [InlineData("fr-FR")]
    [InlineData("de-DE")]
    public async Task ResultsLoadAlikeInCulture(string culture)
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(50));
        var expected = await ResultsLoader.LoadAsync(temp.Path, CancellationToken.None);

        var results = await InCultureAsync(culture, () => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Equal(expected.Entries.Select(e => e.OverTime), results.Entries.Select(e => e.OverTime));
        Assert.Equal(expected.Entries.Select(e => e.LatenciesMs), results.Entries.Select(e => e.LatenciesMs));
        Assert.Equal(expected.CountersByStack, results.CountersByStack);
    }

    [Theory]
    [InlineData("fr-FR")]
    [InlineData("de-DE")]
    public async Task MergeWritesAlikeInCulture(string culture)
    {
        using var temp = new TempFolder();
        string[] clients = [await new ClientRun().WriteAsync(temp.Combine("a")), await new ClientRun { Seed = 2 }.WriteAsync(temp.Combine("b"))];
        await ResultsMerger.MergeAsync(clients, temp.Combine("invariant"), CancellationToken.None);

        await InCultureAsync(culture, () => ResultsMerger.MergeAsync(clients, temp.Combine("local"), CancellationToken.None));

        foreach (var file in new[] { ResultFileNames.Summary, ResultFileNames.IntervalLog("grpc", "", 2) })
        {
            Assert.Equal(await File.ReadAllTextAsync(temp.Combine("invariant", file)), await File.ReadAllTextAsync(temp.Combine("local", file)));
        }
    }

    [Theory]
    [InlineData("fr-FR")]
    [InlineData("de-DE")]
    public async Task CranksStatisticsAreAlikeInCulture(string culture)
    {
        using var temp = new TempFolder();
        var folder = await SyntheticResults.CreateAsync(temp.Path, SyntheticResults.FourStacks(50));
        var expected = await CrankOutputAsync(folder);

        var (output, warnings) = await InCultureAsync(culture, () => CrankOutputAsync(folder));

        Assert.Equal(expected, (output, warnings));
        Assert.Equal("", warnings);
    }

    private static async Task<(string Output, string Warnings)> CrankOutputAsync(string folder)
    {
        using var output = new StringWriter();
        using var warnings = new StringWriter();
        await CrankJob.ReportAsync([folder], name => name == "CRANK_JOB_ID" ? "7" : null, output, warnings, Finished);
        return (output.ToString(), warnings.ToString());
    }

    private static async Task<T> InCultureAsync<T>(string name, Func<Task<T>> read)
    {
        var saved = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.GetCultureInfo(name);
            return await read();
        }
        finally
        {
            CultureInfo.CurrentCulture = saved;
        }
    }
}
