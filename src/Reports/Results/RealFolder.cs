namespace RpcCompare.Reports.Results;

/// <summary>
/// Creates a folder that output is written into inside a results folder (charts/, compare-with-*): a results folder comes
/// from elsewhere, and a symbolic link planted in one would have the report write wherever it points.
/// </summary>
public static class RealFolder
{
    /// <exception cref="ReportInputException">The path is a symbolic link or something other than a folder.</exception>
    public static string Create(string path)
    {
        path = Path.TrimEndingDirectorySeparator(Path.GetFullPath(path));
        var entry = new FileInfo(path);
        if (entry.LinkTarget is { } target)
        {
            throw new ReportInputException(
                $"{path} is a symbolic link (to {target}); reports write only into real folders, so remove the link and run again (nothing was written there).",
                path);
        }

        if (File.Exists(path))
        {
            throw new ReportInputException($"{path} is a file, not a folder; reports write their files into a folder of that name, so move it and run again.", path);
        }

        Directory.CreateDirectory(path);
        return path;
    }
}
