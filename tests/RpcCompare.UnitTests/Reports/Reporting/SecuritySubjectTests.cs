using System.Text.Json.Nodes;
using RpcCompare.Reports;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>--security in the results: the manifest's field, and every report title and verdict line naming it.</summary>
public sealed class SecuritySubjectTests
{
    private static readonly ReportOptions NoPng = new() { Png = new PngOptions { Enabled = false } };

    [Fact]
    public async Task AManifestWithoutTheFieldReadsAsNoTls()
    {
        using var temp = new TempFolder();
        await CreateAsync(temp.Path, null);

        var json = JsonNode.Parse(await File.ReadAllTextAsync(temp.Combine(ResultFileNames.Manifest)))!.AsObject();
        var manifest = await ResultsJson.ReadManifestAsync(temp.Combine(ResultFileNames.Manifest), CancellationToken.None);
        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        Assert.False(json.ContainsKey("security"));
        Assert.Equal((ResultsFormat.SecurityMode.None, null), (SecurityInfo.Of(manifest).Mode, SecurityInfo.Of(manifest).KeyKind));
        Assert.All(output.Verdict.Where(l => l.Length > 0), line => Assert.StartsWith("Verdict: worst-case, no TLS: ", line, StringComparison.Ordinal));
        Assert.Contains(("security", "none: every stack in cleartext (h2c, plain HTTP/1.1, NetTcp without transport security) (results from before --security)"),
            Tables.ManifestRows(manifest));
    }

    [Fact]
    public async Task ATlsRunIsNamedInTheTitleAndEveryVerdictLine()
    {
        using var temp = new TempFolder();
        await CreateAsync(temp.Path, Tls("RSA 2048"));

        var output = await ReportWriter.WriteAsync(temp.Path, NoPng, CancellationToken.None);

        await ReportTitles.AssertEveryTitleNamesAsync(temp, output, "worst-case, TLS (RSA 2048)");
    }

    [Fact]
    public async Task AComparisonOfNoTlsAndTlsNamesBoth()
    {
        using var temp = new TempFolder();
        await CreateAsync(temp.Combine("a"), null);
        await CreateAsync(temp.Combine("b"), Tls("ECDSA P-256"));

        var title = await ReportTitles.ComparisonTitleAsync(temp);

        Assert.Equal("# RpcCompare comparison: worst-case, no TLS vs TLS (ECDSA P-256)", title);
    }

    [Fact]
    public async Task AnUnknownSecurityModeIsRefusedNamingTheField()
    {
        using var temp = new TempFolder();
        await CreateAsync(temp.Path, new JsonObject { ["mode"] = "ssl", ["keyKind"] = null, ["description"] = "?" });

        var error = await Assert.ThrowsAsync<ResultsFormatException>(() => ResultsLoader.LoadAsync(temp.Path, CancellationToken.None));

        Assert.Contains("security.mode", error.Message, StringComparison.Ordinal);
        Assert.Contains("ssl", error.Message, StringComparison.Ordinal);
    }

    private static JsonObject Tls(string keyKind) => new()
    {
        ["mode"] = ResultsFormat.SecurityMode.Tls,
        ["keyKind"] = keyKind,
        ["description"] = "TLS on every stack",
    };

    /// <summary>A synthetic gRPC-against-REST run whose manifest has this security field (null: none, as before the field).</summary>
    private static async Task CreateAsync(string folder, JsonObject? security)
    {
        await SyntheticResults.CreateAsync(folder, [new SyntheticEntry("grpc", "", 200, 8), new SyntheticEntry("rest", "", 200, 12)]);
        var path = Path.Combine(folder, ResultFileNames.Manifest);
        var json = JsonNode.Parse(await File.ReadAllTextAsync(path))!.AsObject();
        // A results folder from before --security has no such field at all.
        json.Remove("security");
        if (security is not null)
        {
            json["security"] = security;
        }
        await File.WriteAllTextAsync(path, json.ToJsonString());
    }
}
