namespace RpcCompare.Reports.Results;

/// <summary>
/// Input the reports cannot use: a bad results folder or file, or two runs that cannot be compared.
/// The message is a whole sentence meant for the user; the CLI prints it as is.
/// </summary>
public class ReportInputException : Exception
{
    public ReportInputException(string message, string? path = null, Exception? inner = null)
        : base(message, inner)
    {
        Path = path;
    }

    /// <summary>The file or folder the problem is about, when there is one.</summary>
    public string? Path { get; }
}

/// <summary>A file of a results folder is missing, empty, truncated, corrupt or of another formatVersion.</summary>
public sealed class ResultsFormatException : ReportInputException
{
    public ResultsFormatException(string path, string problem, Exception? inner = null)
        : base($"{path}: {problem}", path, inner)
    {
        Problem = problem;
    }

    /// <summary>What is wrong, without the path.</summary>
    public string Problem { get; }
}

/// <summary>Two runs that measure different things (scenario or dataset), so comparing them would mislead.</summary>
public sealed class ComparisonRefusedException(string message) : ReportInputException(message);
