using System.Text.Json.Nodes;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>summary.md and compare.md show every value that came from a results folder as text, never as Markdown or HTML.</summary>
public sealed class MarkdownEscapingTests : IDisposable
{
    private const string Tag = "<img src=x onerror=alert(1)>";
    private const string Link = "[x](javascript:alert(1))";
    private const string Hostile = Tag + " " + Link;

    private static readonly ReportOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    private readonly TempFolder _temp = new();

    [Fact]
    public async Task SummaryShowsHostileValuesAsText()
    {
        var run = await HostileRunAsync("a");

        await ReportWriter.WriteAsync(run, NoPng, CancellationToken.None);

        AssertInert(await File.ReadAllTextAsync(Path.Combine(run, "summary.md")));
        Assert.DoesNotContain(Tag, await File.ReadAllTextAsync(Path.Combine(run, "report.html")), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ComparisonShowsHostileValuesAsText()
    {
        var a = await HostileRunAsync("a");
        var b = await HostileRunAsync("b");

        await CompareWriter.WriteAsync(a, b, _temp.Combine("out"), new CompareOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        AssertInert(await File.ReadAllTextAsync(_temp.Combine("out", "compare.md")));
    }

    [Fact]
    public async Task TheVerdictShowsAHostileScenarioAsText()
    {
        var run = await HostileRunAsync("a");

        var output = await ReportWriter.WriteAsync(run, NoPng, CancellationToken.None);

        AssertInert(output.VerdictMarkdown);
        AssertInert(ReportWriter.VerdictPage(_temp.Path, [(run, Hostile, output.VerdictMarkdown)]));
    }

    /// <summary>The payload in every field a page shows: the folder's name, scenario, tool, dataset, network and a variant.</summary>
    private async Task<string> HostileRunAsync(string name)
    {
        var folder = _temp.Combine(name, $"{name} {Hostile}");
        await SyntheticResults.CreateAsync(folder, [new("grpc", Hostile, 80, 8.0), new("rest", Hostile, 80, 10.0)], scenario: Hostile, fingerprint: Hostile);
        var path = Path.Combine(folder, ResultFileNames.Manifest);
        var manifest = JsonNode.Parse(await File.ReadAllTextAsync(path))!;
        manifest["tool"]!["name"] = Hostile;
        manifest["tool"]!["version"] = Hostile;
        manifest["dataset"]!["preset"] = Hostile;
        manifest["network"] = new JsonObject
        {
            ["profile"] = Hostile, ["oneWayDelayMs"] = 5, ["downMbitPerSecond"] = null, ["upMbitPerSecond"] = null,
            ["mechanism"] = ResultsFormat.NetworkMechanism.Relay, ["kernelShaping"] = null, ["description"] = Hostile,
        };
        await File.WriteAllTextAsync(path, manifest.ToJsonString());
        return folder;
    }

    private static void AssertInert(string markdown)
    {
        Assert.DoesNotContain("<img", markdown, StringComparison.Ordinal);
        Assert.DoesNotContain(Link, markdown, StringComparison.Ordinal);
        Assert.Contains(@"&lt;img src=x onerror=alert(1)&gt; \[x\](javascript:alert(1))", markdown, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
