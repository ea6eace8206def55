using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Crank;

public class CrankYamlTests
{
    private const string Yaml = "benchmarks/crank/rpccompare.yml";
    private const string Script = "benchmarks/crank/histogram-merge.js";

    /// <summary>Crank's YAML takes scripts only inline, so rpccompare.yml carries a copy of histogram-merge.js (the copy
    /// node tests) as its first onResultsCreating block; the two must not drift apart.</summary>
    [Fact]
    public void TheYamlEmbedsTheHistogramMergeScriptVerbatim()
    {
        var yaml = File.ReadAllText(RepositoryFile.PathOf(Yaml)).ReplaceLineEndings("\n").Split('\n');
        var script = File.ReadAllText(RepositoryFile.PathOf(Script)).ReplaceLineEndings("\n");

        Assert.Equal(script, FirstBlockUnder(yaml, "onResultsCreating:"));
    }

    [Fact]
    public void TheYamlMergesTheLoadJobsResults()
    {
        var yaml = File.ReadAllText(RepositoryFile.PathOf(Yaml)).ReplaceLineEndings("\n").Split('\n');

        Assert.Contains("rpccompareMergeJobResults(", FirstBlockUnder(yaml, "onResultsCreated:"), StringComparison.Ordinal);
    }

    /// <summary>The text of the first "- |" literal block of a top-level list, as YAML reads it: the block's indentation
    /// removed, blank lines kept, one final newline ("clip").</summary>
    private static string FirstBlockUnder(string[] lines, string key)
    {
        var start = Array.IndexOf(lines, key);
        Assert.True(start >= 0, $"{Yaml} has no top-level {key}");
        Assert.Matches(@"^\s*- \|$", lines[start + 1]);
        var body = new List<string>();
        string? indent = null;
        for (var i = start + 2; i < lines.Length; i++)
        {
            var line = lines[i];
            if (line.Trim().Length == 0)
            {
                body.Add("");
                continue;
            }
            indent ??= line[..(line.Length - line.TrimStart().Length)];
            if (!line.StartsWith(indent, StringComparison.Ordinal))
            {
                break;
            }
            body.Add(line[indent.Length..]);
        }
        while (body.Count > 0 && body[^1].Length == 0)
        {
            body.RemoveAt(body.Count - 1);
        }
        return string.Join('\n', body) + "\n";
    }
}
