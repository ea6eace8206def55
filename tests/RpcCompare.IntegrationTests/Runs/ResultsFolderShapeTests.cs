using System.Text;
using System.Text.Json;
using RpcCompare.IntegrationTests.Infrastructure;
using RpcCompare.LoadClient.Runs;
using RpcCompare.Stacks;

namespace RpcCompare.IntegrationTests.Runs;

/// <summary>
/// What a run leaves behind, timing aside: its files, the fields of manifest.json and summary.json, and which entries it
/// measured with how many threads and errors. A refactoring must not change it; a deliberate change updates Snapshots/ResultsFolder.txt (the test writes
/// what it found next to itself as ResultsFolder.actual.txt).
/// </summary>
[Collection(DatabaseCollection.Name)]
public sealed class ResultsFolderShapeTests(DatabaseFixture db) : IDisposable
{
    private readonly TempFolder _temp = new();

    [Fact]
    public async Task ARunLeavesTheFilesAndFieldsOfTheSnapshot()
    {
        var settings = db.Run("ping", _temp.Path) with
        {
            Stacks = [StackCatalog.Wcf, StackCatalog.Rest],
            // Enough calls that a window outlasts /proc/stat's 10 ms tick: a shorter one has no machine figures (50
            // pings could end within a tick, and the snapshot then lost trials[].machine).
            Requests = 500,
            Warmup = TimeSpan.Zero,
            WriteReport = true,
        };

        Assert.Equal(0, await RunCoordinator.RunAsync(settings, default));

        var actual = Describe(_temp.Path);
        var expectedPath = Path.Combine(AppContext.BaseDirectory, "Runs", "Snapshots", "ResultsFolder.txt");
        var expected = File.Exists(expectedPath) ? (await File.ReadAllTextAsync(expectedPath)).ReplaceLineEndings("\n") : "";
        if (expected != actual)
        {
            Directory.CreateDirectory(Path.GetDirectoryName(expectedPath)!);
            await File.WriteAllTextAsync(Path.Combine(Path.GetDirectoryName(expectedPath)!, "ResultsFolder.actual.txt"), actual);
        }
        Assert.Equal(expected, actual);
    }

    /// <summary>The folder's shape as text: one line per file, per JSON field path, per entry.</summary>
    private static string Describe(string folder)
    {
        var text = new StringBuilder();
        text.Append("# files\n");
        foreach (var file in Directory.EnumerateFiles(folder, "*", SearchOption.AllDirectories)
                     .Select(f => Path.GetRelativePath(folder, f).Replace('\\', '/')).Order(StringComparer.Ordinal))
        {
            text.Append(file).Append('\n');
        }
        foreach (var name in new[] { "manifest.json", "summary.json" })
        {
            text.Append("# fields of ").Append(name).Append('\n');
            using var document = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, name)));
            var paths = new SortedSet<string>(StringComparer.Ordinal);
            Collect(document.RootElement, "$", paths);
            foreach (var path in paths)
            {
                text.Append(path).Append('\n');
            }
        }
        text.Append("# entries\n");
        using (var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(folder, "summary.json"))))
        {
            foreach (var entry in summary.RootElement.GetProperty("entries").EnumerateArray())
            {
                // The figures a run decides by itself, not by timing: "requests" is left out, since it counts the calls
                // still in flight from the warm-up too (up to one per thread).
                text.AppendJoin(' ', ((string[])["stack", "variant", "status", "threads", "callsPerUnit", "errors"])
                    .Select(field => entry.GetProperty(field).ToString())).Append('\n');
            }
        }
        return text.ToString();
    }

    /// <summary>Every field's path; an array's items share one path ("[]"), and keys of free-form maps are kept too,
    /// since they are fixed for a given command line (options, error kinds, host configuration).</summary>
    private static void Collect(JsonElement element, string path, SortedSet<string> paths)
    {
        switch (element.ValueKind)
        {
            case JsonValueKind.Object:
                foreach (var property in element.EnumerateObject())
                {
                    var child = $"{path}.{property.Name}";
                    // Where a null stands is part of the shape only when the run decides it, not the timing: keep the path.
                    paths.Add(child);
                    Collect(property.Value, child, paths);
                }
                break;
            case JsonValueKind.Array:
                foreach (var item in element.EnumerateArray())
                {
                    Collect(item, path + "[]", paths);
                }
                break;
        }
    }

    public void Dispose() => _temp.Dispose();
}
