using System.Xml.Linq;
using RpcCompare.Stacks;
using RpcCompare.UnitTests.Support;

namespace RpcCompare.UnitTests.Architecture;

/// <summary>
/// A host references libraries only: what two hosts share lives in one (Server.Common, Server.GrpcSetup, Services), so
/// no host builds, publishes or depends on another host's Program.
/// </summary>
public sealed class HostReferencesTests
{
    [Fact]
    public void NoHostReferencesAnotherExecutable()
    {
        var hosts = HostProjects().Where(IsExecutable).ToList();

        var broken = hosts
            .SelectMany(host => References(host).Where(IsExecutable)
                .Select(reference => $"{Relative(host)} references the executable {Relative(reference)}"))
            .ToList();

        Assert.Equal(StackCatalog.Ids.Count, hosts.Count);
        Assert.True(broken.Count == 0, "Hosts referencing executables:\n" + string.Join("\n", broken));
    }

    private static string SourceFolder() =>
        Path.GetDirectoryName(Path.GetDirectoryName(RepositoryFile.PathOf("src/Server.Common/RpcCompare.Server.Common.csproj")))!;

    private static IEnumerable<string> HostProjects() =>
        Directory.GetDirectories(SourceFolder(), "Server.*")
            .SelectMany(folder => Directory.GetFiles(folder))
            .Where(file => file.EndsWith(".csproj", StringComparison.Ordinal));

    private static bool IsExecutable(string project) =>
        XDocument.Load(project).Descendants("OutputType").Any(e => e.Value.Trim() == "Exe");

    /// <summary>The projects whose assembly this one uses; a reference kept for build order only does not count.</summary>
    private static IEnumerable<string> References(string project) =>
        XDocument.Load(project).Descendants("ProjectReference")
            .Where(r => (string?)r.Attribute("ReferenceOutputAssembly") != "false")
            .Select(r => Path.GetFullPath(Path.Combine(Path.GetDirectoryName(project)!, (string)r.Attribute("Include")!)));

    private static string Relative(string project) => Path.GetRelativePath(SourceFolder(), project).Replace('\\', '/');
}
