using System.Text.Json.Nodes;
using RpcCompare.Reports;
using RpcCompare.Reports.Reporting;
using RpcCompare.Reports.Results;

namespace RpcCompare.UnitTests.Reports.Reporting;

/// <summary>--connections and --connection-mode in a report: a verdict names the gRPC client's connections when it had more
/// than one, and a churn run's new connection per call.</summary>
public sealed class ConnectionsSubjectTests
{
    [Theory]
    [InlineData("8", "grpc,rest", ", gRPC over 8 connections")]
    [InlineData("1", "grpc,rest", "")]
    [InlineData(null, "grpc,rest", "")]
    [InlineData("8", "wcf,rest", "")]
    [InlineData("4", "grpc,grpc-codefirst", ", gRPC and gRPC code-first over 4 connections")]
    [InlineData("4", "grpc-codefirst,wcf", ", gRPC code-first over 4 connections")]
    [InlineData("4", "grpc,grpc.replica2", ", gRPC and gRPC (replica 2) over 4 connections")]
    public async Task ConnectionsAreNamedWhenGrpcHadSeveral(string? connections, string stacks, string expected)
    {
        using var temp = new TempFolder();

        var manifest = await ManifestAsync(temp.Path, "connections", connections, stacks.Split(','));

        Assert.Equal(expected, Sections.Connections(manifest));
        Assert.Equal("worst-case, no TLS" + expected, Sections.Subject(manifest));
    }

    [Theory]
    [InlineData("new-per-call", ", a new connection per call")]
    [InlineData("reuse", "")]
    [InlineData(null, "")]
    public async Task ANewConnectionPerCallIsNamedInTheSubject(string? mode, string expected)
    {
        using var temp = new TempFolder();

        var manifest = await ManifestAsync(temp.Path, "connection-mode", mode, "grpc", "rest");

        Assert.Equal("worst-case, no TLS" + expected, Sections.Subject(manifest));
    }

    [Theory]
    [InlineData("connections", "8", ", gRPC over 8 connections")]
    [InlineData("connection-mode", "new-per-call", ", a new connection per call")]
    public async Task EveryTitleNamesTheConnections(string option, string value, string words)
    {
        using var temp = new TempFolder();
        await ManifestAsync(temp.Path, option, value, "grpc", "rest");

        var output = await ReportWriter.WriteAsync(temp.Path, new ReportOptions { Png = new PngOptions { Enabled = false } }, CancellationToken.None);

        await ReportTitles.AssertEveryTitleNamesAsync(temp, output, $"worst-case, no TLS{words}");
    }

    [Theory]
    [InlineData("new-per-call", "new-per-call", "worst-case, no TLS, a new connection per call")]
    [InlineData(null, "new-per-call", "worst-case, no TLS, a new connection per call, connections kept in a")]
    [InlineData("new-per-call", null, "worst-case, no TLS, a new connection per call in a")]
    public async Task AComparisonNamesEachRunsConnectionMode(string? before, string? after, string subject)
    {
        using var temp = new TempFolder();
        await ManifestAsync(temp.Combine("a"), "connection-mode", before, "grpc", "rest");
        await ManifestAsync(temp.Combine("b"), "connection-mode", after, "grpc", "rest");

        Assert.Equal($"# RpcCompare comparison: {subject}", await ReportTitles.ComparisonTitleAsync(temp));
    }

    /// <summary>A synthetic run of these stacks whose options hold <paramref name="option"/> as the command line records it (or not at all).</summary>
    private static async Task<RunManifest> ManifestAsync(string folder, string option, string? value, params string[] stacks)
    {
        await SyntheticResults.CreateAsync(folder, [.. stacks.Select((s, i) => new SyntheticEntry(s, "", 200, 8 + (4 * i)))]);
        var path = Path.Combine(folder, ResultFileNames.Manifest);
        var json = JsonNode.Parse(await File.ReadAllTextAsync(path))!.AsObject();
        if (value is not null)
        {
            json["options"]![option] = value;
        }
        await File.WriteAllTextAsync(path, json.ToJsonString());
        return await ResultsJson.ReadManifestAsync(path, CancellationToken.None);
    }
}
