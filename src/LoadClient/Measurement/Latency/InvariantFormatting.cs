using System.Globalization;

namespace RpcCompare.LoadClient.Measurement;

/// <summary>
/// HdrHistogram writes its text formats (.hgrm, .hlog) with the current culture; every reader of them expects '.'
/// decimals. Its writers run inside <see cref="Run"/>.
/// </summary>
internal static class InvariantFormatting
{
    public static void Run(Action write)
    {
        var culture = CultureInfo.CurrentCulture;
        try
        {
            CultureInfo.CurrentCulture = CultureInfo.InvariantCulture;
            write();
        }
        finally
        {
            CultureInfo.CurrentCulture = culture;
        }
    }
}
