namespace RpcCompare.UnitTests.Support;

/// <summary>Files of the checkout itself (the crank YAML, its script, the golden statistics), found above the test's
/// output folder, so they are read where they are kept rather than copied.</summary>
internal static class RepositoryFile
{
    public static string PathOf(string relative)
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            var candidate = Path.Combine(directory.FullName, relative);
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }
        throw new FileNotFoundException($"{relative} was not found above {AppContext.BaseDirectory}.");
    }
}
