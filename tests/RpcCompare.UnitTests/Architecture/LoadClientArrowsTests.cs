using System.Text.RegularExpressions;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Architecture;

/// <summary>
/// The load client's rooms (its top folders) import one way, as the README's architecture picture shows: a room may
/// import only the rooms below it. The table is the picture as data; a new folder must take its place in it.
/// </summary>
public sealed partial class LoadClientArrowsTests
{
    /// <summary>Program.cs, the composition root, may use every room.</summary>
    private const string Program = "Program.cs";

    /// <summary>The other files at the root (exit codes, shutdown, the user-facing error): vocabulary every room sees.</summary>
    private const string Root = "(root)";

    private static readonly string[] Bottom = ["Clients", "Placement", "Terminal"];
    private static readonly string[] Middle = ["Scenarios", "Measurement", "Hosts", "Database", .. Bottom];
    private static readonly string[] Builders = ["Entries", .. Middle];
    private static readonly string[] Feeders = ["Merging", "Crank", .. Builders];

    /// <summary>Room -> the rooms it may import.</summary>
    private static readonly Dictionary<string, string[]> MayImport = new(StringComparer.Ordinal)
    {
        [Program] = ["Cli", "Runs", .. Feeders],
        ["Cli"] = ["Runs", .. Feeders],
        ["Runs"] = Feeders,
        ["Merging"] = Builders,
        ["Entries"] = Middle,
        ["Crank"] = Middle,
        ["Scenarios"] = Bottom,
        ["Measurement"] = Bottom,
        ["Hosts"] = Bottom,
        ["Database"] = Bottom,
        ["Clients"] = [],
        ["Placement"] = [],
        ["Terminal"] = [],
        [Root] = [],
    };

    [Fact]
    public void EveryImportPointsDown()
    {
        var broken = Imports()
            .Where(i => i.To != i.From && !MayImport[i.From].Contains(i.To))
            .Select(i => $"{i.File} imports {i.Import}: {i.From} may import " +
                (MayImport[i.From].Length == 0 ? "no other room" : "only " + string.Join(", ", MayImport[i.From])))
            .ToList();

        Assert.True(broken.Count == 0, "Arrows pointing back:\n" + string.Join("\n", broken));
    }

    [Fact]
    public void EveryFolderHasItsPlaceInTheTable()
    {
        var folders = Directory.GetDirectories(LoadClientFolder())
            .Select(Path.GetFileName)
            .Where(name => name is not ("bin" or "obj"))
            .Order(StringComparer.Ordinal);

        Assert.All(folders, folder => Assert.True(MayImport.ContainsKey(folder!), $"src/LoadClient/{folder} is in no row of the table."));
    }

    [Fact]
    public void TheParserSeesEachKindOfReference()
    {
        var imports = Imports().Select(i => (i.From, i.To)).ToHashSet();

        Assert.Contains(("Runs", "Measurement"), imports);
        Assert.Contains(("Database", "Clients"), imports);
    }

    private sealed record Reference(string File, string From, string To, string Import);

    private static IEnumerable<Reference> Imports()
    {
        var folder = LoadClientFolder();
        var files = Directory.EnumerateFiles(folder, "*.cs", SearchOption.AllDirectories)
            .Where(f => !f.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !f.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(f => (Path: f, Relative: Path.GetRelativePath(folder, f).Replace('\\', '/')))
            .ToList();
        var rooms = MayImport.Keys.Where(k => k is not (Program or Root)).ToHashSet(StringComparer.Ordinal);
        var typesByRoom = files
            .GroupBy(f => RoomOf(f.Relative))
            .ToDictionary(g => g.Key, g => g.SelectMany(f => DeclaredType().Matches(File.ReadAllText(f.Path)).Select(m => m.Groups[1].Value)).ToHashSet());

        foreach (var (path, relative) in files)
        {
            var from = RoomOf(relative);
            var code = string.Join('\n', File.ReadAllLines(path).Select(WithoutComment));
            foreach (Match match in Qualified().Matches(code))
            {
                yield return new Reference($"src/LoadClient/{relative}", from, match.Groups[1].Value, match.Value.TrimEnd('.', ';'));
            }
            foreach (Match match in PartlyQualified().Matches(code))
            {
                var (room, type) = (match.Groups[1].Value, match.Groups[2].Value);
                if (rooms.Contains(room) && typesByRoom.TryGetValue(room, out var types) && types.Contains(type))
                {
                    yield return new Reference($"src/LoadClient/{relative}", from, room, match.Value);
                }
            }
        }
    }

    private static string RoomOf(string relative) => relative.Contains('/', StringComparison.Ordinal)
        ? relative[..relative.IndexOf('/', StringComparison.Ordinal)]
        : relative == Program ? Program : Root;

    /// <summary>Comments name other rooms freely (see-also links); only code counts.</summary>
    private static string WithoutComment(string line)
    {
        var comment = line.IndexOf("//", StringComparison.Ordinal);
        return comment < 0 ? line : line[..comment];
    }

    private static string LoadClientFolder() =>
        Path.GetDirectoryName(RepositoryFile.PathOf("src/LoadClient/RpcCompare.LoadClient.csproj"))!;

    /// <summary>A using directive or a fully qualified name: RpcCompare.LoadClient.Room.</summary>
    [GeneratedRegex(@"\bRpcCompare\.LoadClient\.(\w+)\b[.;]")]
    private static partial Regex Qualified();

    /// <summary>A name qualified from the load client's root namespace: Room.Type.</summary>
    [GeneratedRegex(@"(?<![\w.])(\w+)\.(\w+)\b")]
    private static partial Regex PartlyQualified();

    [GeneratedRegex(@"\b(?:class|record|struct|interface|enum)\s+(\w+)")]
    private static partial Regex DeclaredType();
}
