using System.Globalization;

namespace RpcCompare.Stacks;

/// <summary>
/// A replica entry: a second host process of a stack measured as an entry of its own, so a run can compare a stack with
/// itself (an A/A comparison, how the verdict's false-verdict rate is calibrated). On the command line it is "grpc#2";
/// in results, file names and the manifest "grpc.replica2", which passes the results' name rule ([a-z0-9.=-]) and says
/// what it is in every file name; people read "gRPC (replica 2)".
/// </summary>
public static class StackReplica
{
    /// <summary>The replica numbers a run may use: 1 is the stack itself.</summary>
    public const int First = 2;
    public const int Last = 9;

    private const string IdMark = ".replica";

    /// <summary>"grpc.replica2" for replica 2 of gRPC.</summary>
    public static string Id(string stack, int number) =>
        $"{stack}{IdMark}{number.ToString(CultureInfo.InvariantCulture)}";

    /// <summary>Whether <paramref name="id"/> names a replica of a catalog stack ("grpc.replica2").</summary>
    public static bool TryParseId(string id, out string stack, out int number)
    {
        stack = "";
        number = 0;
        var at = id.LastIndexOf(IdMark, StringComparison.Ordinal);
        if (at <= 0 || !TryNumber(id[(at + IdMark.Length)..], out number) || StackCatalog.Find(id[..at]) is null)
        {
            return false;
        }
        stack = id[..at];
        return true;
    }

    /// <summary>"grpc#2" (the command line's form) or "grpc.replica2" (its id, as results show it) -> "grpc.replica2"; null
    /// when the text is not a replica of a catalog stack, with <paramref name="error"/> saying why when it looked like one.</summary>
    public static string? FromCommandLine(string text, out string? error)
    {
        error = null;
        var at = text.IndexOf('#', StringComparison.Ordinal);
        if (at < 0)
        {
            return IsReplica(text) ? text : null;
        }
        var stack = text[..at];
        if (StackCatalog.Find(stack) is null)
        {
            error = $"'{text}' is a replica of an unknown stack '{stack}'; choose from {string.Join(", ", StackCatalog.Ids)}.";
            return null;
        }
        if (!TryNumber(text[(at + 1)..], out var number))
        {
            error = $"'{text}': a replica is numbered {First} to {Last} ({stack}#{First}); {stack} itself is its first.";
            return null;
        }
        return Id(stack, number);
    }

    /// <summary>The stack a replica runs ("grpc" for "grpc.replica2"); any other id as it is.</summary>
    public static string BaseOf(string id) => TryParseId(id, out var stack, out _) ? stack : id;

    public static bool IsReplica(string id) => TryParseId(id, out _, out _);

    /// <summary>"gRPC (replica 2)"; null when the id is no replica.</summary>
    public static string? DisplayName(string id) => TryParseId(id, out var stack, out var number)
        ? $"{StackCatalog.Get(stack).DisplayName} (replica {number.ToString(CultureInfo.InvariantCulture)})"
        : null;

    /// <summary>"grpc#2": how the command line names a replica id.</summary>
    public static string CommandLineName(string id) => TryParseId(id, out var stack, out var number)
        ? $"{stack}#{number.ToString(CultureInfo.InvariantCulture)}"
        : id;

    private static bool TryNumber(string text, out int number)
    {
        // One digit: "2" but not "02" or "+2", so every replica has exactly one name.
        number = text.Length == 1 && text[0] is >= '0' and <= '9' ? text[0] - '0' : 0;
        return number is >= First and <= Last;
    }
}
