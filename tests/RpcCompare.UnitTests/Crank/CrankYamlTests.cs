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

    /// <summary>The database password never rides on a job's command line (the agent machine's process list shows it to
    /// every user), and has no default: the connection string goes in each job's environment, and each job that gets it
    /// refuses to start without a password.</summary>
    [Fact]
    public void NoJobTakesTheDatabasePasswordOnItsCommandLine()
    {
        var yaml = File.ReadAllText(RepositoryFile.PathOf(Yaml)).ReplaceLineEndings("\n").Split('\n');
        var arguments = yaml.Where(l => l.TrimStart().StartsWith("arguments:", StringComparison.Ordinal)).ToArray();

        Assert.Contains("  databasePassword: ''", yaml);
        Assert.All(arguments, a => Assert.DoesNotContain("connection", a, StringComparison.OrdinalIgnoreCase));
        Assert.All(arguments, a => Assert.DoesNotContain("password}}", a, StringComparison.OrdinalIgnoreCase));
        Assert.Equal(6, yaml.Count(l => l.Trim() == "RPCCOMPARE_PG: '{{connectionString}}'"));
        Assert.Equal(6, arguments.Count(a => a.Contains(" --require-password", StringComparison.Ordinal)));
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
