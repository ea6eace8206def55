using RpcCompare.Reports.Reporting;

namespace RpcCompare.UnitTests.Reports.Reporting;

public sealed class MarkdownTextTests
{
    [Theory]
    [InlineData("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;")]
    [InlineData("[click](javascript:alert(1))", "\\[click\\](javascript:alert(1))")]
    [InlineData("a | b", "a \\| b")]
    [InlineData("`code` *bold* _it_", "\\`code\\` \\*bold\\* \\_it\\_")]
    [InlineData("line\nnext\u001b[2J", "line next\uFFFD\\[2J")]
    [InlineData("the grpc host exited (code 1)", "the grpc host exited (code 1)")]
    public void TextFromOutsideIsInertInMarkdown(string text, string expected) =>
        Assert.Equal(expected, MarkdownText.Escape(text));
}
