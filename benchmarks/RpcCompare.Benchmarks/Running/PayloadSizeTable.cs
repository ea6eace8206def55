using System.Globalization;
using System.Text;
using RpcCompare.Benchmarks.Messages;
using RpcCompare.Benchmarks.Serializers;

namespace RpcCompare.Benchmarks.Running;

/// <summary>Every message's size with every serializer as a Markdown table: the <c>--sizes</c> command.</summary>
public static class PayloadSizeTable
{
    public static string ToMarkdown()
    {
        var messages = Enum.GetValues<MessageKind>();
        var text = new StringBuilder();
        text.Append("| Serializer |");
        foreach (var message in messages)
        {
            text.Append(CultureInfo.InvariantCulture, $" {message} |");
        }
        text.AppendLine().Append("|---|").Append(string.Concat(Enumerable.Repeat("---:|", messages.Length))).AppendLine();
        var sizes = messages.ToDictionary(message => message, message =>
            Enum.GetValues<SerializerKind>().ToDictionary(serializer => serializer, serializer => PayloadSizes.Of(message, serializer)));
        PayloadSizes.ReleaseMessage();
        foreach (var serializer in Enum.GetValues<SerializerKind>())
        {
            text.Append(CultureInfo.InvariantCulture, $"| {serializer} |");
            foreach (var message in messages)
            {
                text.Append(CultureInfo.InvariantCulture, $" {sizes[message][serializer]:N0} |");
            }
            text.AppendLine();
        }
        return text.ToString();
    }
}
