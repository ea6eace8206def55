using System.Text.RegularExpressions;
using Microsoft.Playwright;
using RpcCompare.Reports;
using RpcCompare.Reports.Results;

namespace RpcCompare.IntegrationTests.Reports;

/// <summary>Opens the written pages in real headless Chromium (Debian's package, as the CI installs it).</summary>
public class ReportBrowserTests
{
    private const string Chromium = "/usr/bin/chromium";

    [Fact]
    public async Task ReportShowsEveryChartInChromiumWithoutAnyNetworkRequest()
    {
        using var temp = new TempFolder();
        var entries = SyntheticResults.FourStacks(300).Take(3)
            .Append(new SyntheticEntry("graphql", "", 0, 1) { Status = ResultsFormat.EntryStatus.Failed, Errors = 3 })
            .Append(new SyntheticEntry("grpc", "stream", 300, 6))
            .ToList();
        await SyntheticResults.CreateAsync(temp.Path, entries, status: ResultsFormat.RunStatus.Interrupted);
        await ReportWriter.WriteAsync(temp.Path, new ReportOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        var expected = new[] { "ecdf", "histogram", "over-time", "delta-grpc", "delta-grpc-stream", "delta-rest", "memory-working-set", "memory-gc-heap", "bytes-request", "bytes-response", "server-cpu", "server-allocations" };
        await AssertPageAsync(Path.Combine(temp.Path, ResultFileNames.ReportHtml), expected, ["#summary-table", ".banner-interrupted", "#manifest-table"]);
    }

    [Fact]
    public async Task ComparisonShowsEveryChartInChromiumWithoutAnyNetworkRequest()
    {
        using var temp = new TempFolder();
        await SyntheticResults.CreateAsync(temp.Combine("a"), SyntheticResults.FourStacks(200), seed: 1);
        await SyntheticResults.CreateAsync(temp.Combine("b"), SyntheticResults.FourStacks(200), seed: 2);
        await CompareWriter.WriteAsync(temp.Combine("a"), temp.Combine("b"), temp.Combine("out"), new CompareOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        var html = await File.ReadAllTextAsync(temp.Combine("out", ResultFileNames.CompareHtml));
        var expected = Regex.Matches(html, "<svg [^>]*class=\"chart\" id=\"([^\"]+)\"").Select(m => m.Groups[1].Value).ToArray();
        Assert.Equal(14, expected.Length); // ECDF, 4 histograms, 4 deltas, memory, 4 bar charts
        await AssertPageAsync(temp.Combine("out", ResultFileNames.CompareHtml), expected, ["#changes-table", "#manifest-table"]);
    }

    private static async Task AssertPageAsync(string path, IReadOnlyList<string> chartIds, IReadOnlyList<string> visibleSelectors)
    {
        Assert.True(File.Exists(Chromium), $"{Chromium} is needed for this test (apt-get install chromium).");
        using var playwright = await Playwright.CreateAsync();
        await using var browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
        {
            ExecutablePath = Chromium,
            Headless = true,
            Args = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        });
        var page = await browser.NewPageAsync(new BrowserNewPageOptions { ViewportSize = new ViewportSize { Width = 1280, Height = 900 } });
        var requests = new List<string>();
        var console = new List<string>();
        page.Request += (_, request) => requests.Add(request.Url);
        page.Console += (_, message) => console.Add($"{message.Type}: {message.Text}");
        var url = new Uri(path).AbsoluteUri;

        var response = await page.GotoAsync(url, new PageGotoOptions { WaitUntil = WaitUntilState.Load });

        Assert.NotNull(response);
        foreach (var selector in visibleSelectors)
        {
            Assert.True(await page.Locator(selector).IsVisibleAsync(), $"{selector} should be visible");
        }

        var charts = await page.QuerySelectorAllAsync("svg.chart");
        var ids = await Task.WhenAll(charts.Select(c => c.GetAttributeAsync("id")));
        Assert.Equal(chartIds, ids.Select(id => id ?? ""));
        foreach (var chart in charts)
        {
            var id = await chart.GetAttributeAsync("id");
            Assert.True(await chart.IsVisibleAsync(), $"chart {id} should be visible");
            var box = await chart.BoundingBoxAsync();
            Assert.True(box is { Width: > 400, Height: > 200 }, $"chart {id} is only {box?.Width}x{box?.Height}");
            var screenshot = PngPixels.Decode(await chart.ScreenshotAsync());
            Assert.True(screenshot.InkShare() is > 0.02 and < 0.98, $"chart {id} looks blank ({screenshot.InkShare():P1} ink)");
            Assert.True(screenshot.ColourCount() > 10, $"chart {id} has only {screenshot.ColourCount()} colours");
        }

        // The page itself is the only request; anything else would be a network load the report must not make.
        Assert.All(requests, r => Assert.True(r == url || r.StartsWith("data:", StringComparison.Ordinal), $"unexpected request {r}"));
        Assert.Contains(url, requests);
        Assert.DoesNotContain(console, line => line.Contains("Content Security Policy", StringComparison.OrdinalIgnoreCase) || line.StartsWith("error", StringComparison.Ordinal));
    }
}
