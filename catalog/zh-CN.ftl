# clslab 简体中文：catalog/en.ftl 的每条消息，id 与变量完全相同（tests/web/locales.test.ts
# 会检查）。如何新增或修订译文，见 CONTRIBUTING.md 的 "Translate the lab" 一节。
#
# 术语表（同一概念始终用同一个词；论文的记号不翻译）：
#   review            评论                   token              词元
#   word              词                     vocabulary         词表
#   embedding         嵌入（E、E_s）          attention          注意力
#   step              步                     the step on E      E 上的一步
#   gradient flow     梯度流                 the flow on p      p 上的梯度流
#   training          训练                   joint training     联合训练
#   paper protocol    论文协议               recipe             方案
#   train / test      训练 / 测试            accuracy           准确率
#   loss              损失                   label              标签
#   selected token    被选词元 s*            selection          选中率 / 选择
#   max-margin        最大间隔               normalized margin  归一化间隔
#   attention-SVM     注意力 SVM             constraint         约束
#   cycle             环                     must-beat graph    “必须胜过”关系图
#   strongly connected set  强连通集
#   U-score           U 分数                 signed score       带符号分数
#   slope             斜率                   line               直线
#   stop word         停用词                 overfitting        过拟合
#   baseline          基线                   pooled classifier  平均池化分类器
#   settings          设置                   theorem            定理
#   Result 1/2, Figure 1   结果 1/2、图 1
# 句中引用的按钮名：“E 步”“播放”“暂停”。
# 不翻译的记号：α、Δ、η、σ、‖v‖²、p_mm、p_local、s*、R²、d、V、cos(p, p_mm)。
# 标点：中文句子用全角标点（，：。；（）），公式与数值保留半角。

## Lists

token-list-item = “{ $item }”
token-list-separator = 、

## What each verdict kind is called where a verdict is shown

verdict-label-expect = 观察要点：
verdict-label-shown = 已呈现：
verdict-label-off = 未呈现：
verdict-label-instead = 实际情况：
verdict-label-n-a = 此处无预测：

## Buttons beside a verdict

recipe-use = 使用 { $name } 方案
offer-dataset = 打开 { $name }.tsv（真实评论）

## The prompt while the page is busy (core's guidance.prompt says the rest)

prompt-needs-data = 此链接需要它的数据：请看“数据集”卡片。
prompt-loading = 正在加载模型和数据集…
prompt-training = 正在训练… 按“暂停”可停下来查看。
prompt-stopped = 已停止：{ $reason }

## Trends over the last quarter of a run (a detail of several verdicts)

trend = 自第 { $step } 步以来，{ $quantity ->
        [cos-local] cos(p, p_local){" "}
        [cos-mm] cos(p, p_mm){" "}
        [margin] 归一化间隔
        [u-score] U 分数
        [norm] ‖p‖{" "}
       *[train-loss] 训练损失
    }{ $direction ->
        [rose] 上升了 { $change }。
        [fell] 下降了 { $change }。
       *[flat] 变化了 { $change }，在 0.01 以内。
    }

## Result 1: one step on E writes α into the embeddings

result1-not-predicted = 单步图像属于论文协议：联合训练同时更新 E 和 p，因此 v·E_s 不再等于 (η/2) α_s，也就不预测任何直线。
result1-waits = 等待 E 上的一步：按“E 步”，每个词元的 v·E_s 应移动 (η/2) α_s，落在一条过原点的直线上。
result1-shown = 各点落在预测直线上：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-close = 接近预测直线，但不在其上：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-off = 偏离预测直线：斜率 { $slope }，对比 (η/2)‖v‖² = { $predicted }，R² { $r2 }。
result1-noise = 初始噪声 σ/√d = { $noise } 与这一步的离散程度 (η/2)·std(α) = { $spread } 相当。
result1-recipe-sigma = result1 方案使用 σ = { $sigma }，使这一噪声相对这一步保持很小。
result1-recipe-in-force = result1 方案已生效（σ = { $sigma }）：只有在设置中减小 σ 或增大 η，才能让直线更清晰。

## Figure 1: the U shape of p·E_s against Δ_s

figure1-waits = p = 0 时所有词元得分都是 0；随着训练，两种符号的极性词元得分都应上升：p·E_s 对 Δ_s 呈 U 形。
figure1-p-zero = p 仍为 0（p 上的梯度流尚未开始），所以所有词元得分都是 0。
figure1-shown = 在{ $protocol ->
        [joint] 联合训练（E 和 p 一起训练）
       *[paper] 论文协议（p 上的梯度流）
    }下出现 U 形：两种符号的极性词元得分都高（U 分数 { $u }，带符号分数 { $signed }）。
figure1-off = 第 { $step } 步没有 U 形：U 分数 { $u }，带符号分数 { $signed }（U 形要求 U 分数至少 0.5，且带符号分数在 ±0.3 以内）。
figure1-forming = 联合训练进行到第 { $step } 步，figure1 方案的预算为 { $budget } 步（U 分数 { $u }，带符号分数 { $signed }）：预算内能否形成 U 形取决于数据，请关注 U 分数。
figure1-best-earlier = 目前最好的 U 分数是 { $best }，出现在第 { $step } 步。
figure1-past-peak = U 分数在第 { $step } 步达到峰值 { $best }，此后下降了 { $drop }。
figure1-below-within-budget = 在 figure1 方案 { $budget } 步的预算内，U 分数没有达到 0.5：最好的是 { $best }，出现在第 { $step } 步。
figure1-signed-blocks = U 分数 { $u } 已超过 0.5，但带符号分数 { $signed } 不在 ±0.3 以内：p 也在按 Δ 的符号给词元排序。
figure1-selected-kind = p 跟随每条评论的被选词元 s*，而这些是{ $kind ->
        [frequent-mild] 高频且极性较弱的
        [frequent] 高频的
        [mild] 极性较弱的
       *[polar] 极性强的
    }词元（计数中位数 { $count }，全词表为 { $vocabulary }；|Δ| 中位数 { $delta }）。
figure1-signed-ranking = p·E_s 按 Δ 的符号给词元排序（带符号分数 { $signed }），而不是按 |Δ|。
figure1-theory-u = 理论的 p_mm 给出的 U 分数为 { $u }。
figure1-try-joint = figure1 方案同时训练 E 和 p（联合训练），这个模型在这种训练下可以形成 U 形；是否形成取决于数据。
figure1-in-force-stop = figure1 方案已生效：在第 { $step } 步附近停止的运行会保留它得到的最佳 U 形。

## Result 2: the flow on p selects s*, at max margin

result2-waits = E 上的一步之后，每条评论的被选词元 s* 是与其标签最一致的那个词元；p 上的梯度流应把注意力放到它上面，使 p 转向 p_mm。
result2-not-predicted = 结果 2 讲的是 E 在一步之后冻结、只在 p 上运行梯度流（论文协议）；联合训练中 E 也在变化，所以 p_mm 每一步都在变。
result2-solve = 求解注意力 SVM，以便比较 p 与 p_mm。
result2-shown = 注意力选中了 s*：在全部 { $reviews } 条训练评论上，cos(p, p_mm) 为 { $cos }，s* 的选中率为 { $selection }，且 d = { $d } ≥ V = { $v }，与定理一致。
result2-off = 不是定理描述的图景：在全部 { $reviews } 条训练评论上，cos(p, p_mm) 为 { $cos }，s* 的选中率为 { $selection }（定理：在 d ≥ V 时 cos ≥ 0.9 且选中率 ≥ 95%；这里 d = { $d }，V = { $v }）。
result2-instead = { $hypothesis ->
        [cycles] 结果 2 的假设在这些评论上不成立（s* 的约束构成了环）。
       *[width] 结果 2 的假设在这里不成立（d < V）。
    }实际上，p 跟随的是梯度流自己选中的词元所对应的注意力 SVM，即 Tarzanagh 等人（2023）的局部最优方向：在全部 { $reviews } 条训练评论上 cos(p, p_local) 为 { $cos_local }，其中 { $s_star } 的评论里这一选择就是 s*。
result2-cycles = s* 的 { $constraints } 个约束中有 { $cycles } 个位于“必须胜过”关系图的环上：没有任何 p 能在每条评论中都选中 s*。
result2-component = “必须胜过”关系图的{ $sets ->
        [1] 唯一强连通集
       *[other] {" "}{ $sets } 个强连通集中最大的一个
    }有 { $size } 个词（{ $words }…），包含了 { $reviews } 条评论中 { $holds } 条的 s*（{ $share }）。
result2-narrow = d = { $d } < V = { $v }：p 无法区分每一个词元，而定理要求 d ≥ V。
result2-unscored = { $reviews } 条训练评论中有 { $empty } 条不含词表中的任何词元，因此其中没有任何词元被选中{ $drop_unknown ->
        [yes] ：请在设置中关闭“丢弃未知词”或调大最大词表。
       *[no] 。
    }
result2-stop-word = “{ $token }”（|Δ| { $delta }，出现在 { $documents } 的评论中）是其中 { $share } 评论的被选词元：一个不带标签信息的词。
result2-drop-stop-words = 最大文档占比小于 1 时，会去掉出现在过多评论中的词。
result2-no-trend = 运行的最后四分之一中没有更早的测量值可以说明{" "}{ $quantity ->
        [cos-local] cos(p, p_local)
       *[cos-mm] cos(p, p_mm)
    } 是否仍在变化：请让梯度流继续运行。
result2-acyclic-subset = 在约束不在任何环上的 { $acyclic } 条评论（共 { $reviews } 条，占 { $share }）上：cos(p, p_mm) 为 { $cos }，选中率为 { $selection }。
result2-local = 对梯度流选中的词元：cos(p, p_local) 为 { $cos_local }（p_local 对应第 { $step } 步的选择{ $current ->
        [no] ，此后选择已有变化
       *[yes] {""}
    }），并且在 { $s_star } 的评论中这一选择就是 s*。
result2-baseline-selection = 基线：关注 |v·E_s| 最大的词元（不看标签、不经训练）在 { $baseline } 的评论中选中 s*；p 上的梯度流为 { $flow }。
result2-baseline-pooled = 基线：平均池化分类器（p = 0，注意力均匀分布）的测试准确率为 { $pooled }；当前模型为 { $now }。
result2-baseline-no-test = 没有测试集，平均池化分类器（p = 0）就没有可比较的测试准确率。
result2-margin-approaches = 归一化间隔 { $margin } 在运行的后段持续上升，正趋近 1/‖p_mm‖ = { $reference }。
result2-margin = 归一化间隔为 { $margin }，对比 1/‖p_mm‖ = { $reference }。
result2-feasible = 结果 2 的假设在这些评论上成立：{ $constraints } 个约束都不在“必须胜过”关系图的环上，因此注意力 SVM 在全部评论上可行，且 E(0) 的行线性无关（d ≥ V）。
result2-soft-margin = 这里的 p_mm 是软间隔解（C = { $c }）。
result2-twins = 这些评论是为此专门生成的（scripts/make-twins.mjs）：每条正面评论都有一条负面“孪生”评论，把其中每个情感词换成反义词，因此一个情感词只出现在它自己类别的评论里。真实评论不满足这一点：打开内置的电影评论，就能看到结果 2 的假设如何失效，以及原因。

## Training: loss and accuracy

loss-now = 训练损失 { $train }{ $has_test ->
        [yes] ，测试损失 { $test }。
       *[no] 。
    }
loss-waits = 先走 E 上的一步，然后才是 p 上的梯度流。
loss-joint = 联合训练：模型学习时两种损失都会下降；如果训练损失下降而测试损失上升，就是过拟合。
loss-flow = p 上的梯度流只训练 p，E 和 v 在 E 上的一步之后冻结。
loss-overfits = 模型对训练评论过拟合了：测试损失从第 { $step } 步的最低值 { $lowest } 回升，而训练损失从 { $train_then } 继续下降。
accuracy-fell = 测试准确率从 E 上的一步之后的 { $before } 降到了现在的 { $now }。
flow-on-subset = 梯度流只在 { $reviews } 条训练评论中的 { $flow } 条上训练 p（{ $share }）：仅限无环的评论。

## Which reviews Result 2's figures are over

coverage = { $all ->
        [yes] 基于全部 { $reviews } 条训练评论。
       *[no] 基于 { $reviews } 条训练评论中含有词表词元的 { $scored } 条。
    }
coverage-acyclic = 无环：{ $reviews } 条中的 { $acyclic } 条（{ $share }）。

## The prompt above the charts: what the run calls for next

prompt-step-e = 已用 p = 0 和较小的 E 初始化。按“E 步”在 E 上走那唯一的一步梯度（结果 1）。
prompt-joint = E 与 p 的联合训练：按“播放”。
prompt-play = 第 { $step } 步，共 { $steps } 步：按“播放”运行 p 上的梯度流；每张图的结论在图的下方。
prompt-done = 运行已到第 { $step } 步，即它的长度：每张图的结论在图的下方。

## Why does it look like this? (the numbers behind the verdicts)

why-width = d = { $d }，V = { $v }：定理要求 d ≥ V（E(0) 的行线性无关）。
why-constraints = { $constraints } 个约束，{ $cycles } 个在环上，{ $violated } 个被 p_mm 违反；{ $reviews } 条评论中 { $acyclic } 条（{ $share }）无环。
why-own-selection = 梯度流自己的选择（每条评论中 p·E_s 最高的词元）在 { $reviews } 条含词元的评论中有 { $s_star } 是 s*；最高词元唯一的占 { $strict }。
why-own-svm = 它的注意力 SVM（第 { $step } 步的选择，{ $constraints } 个约束，‖p_local‖ 为 { $norm }）：cos(p, p_local) 为 { $cos_local }。
why-selected = 被选词元 s*：共 { $distinct } 个不同词元；计数中位数 { $count }，|Δ| 中位数 { $delta }。
why-selected-token = “{ $token }”在 { $share } 的评论中是 s*（|Δ| { $delta }）。
why-u = p 的 U 分数 { $u }（带符号分数 { $signed }）。
why-u-max-margin = p_mm 的 U 分数 { $u }（带符号分数 { $signed }）。

## A review: why the model attends to another token than the theory's s*

review-spread = 这里 p 给所有词元的打分相同（a_t 相等，和 p = 0 时一样），所以注意力均匀分布，还没有哪个词元突出；理论的 s* 是“{ $star }”，即 y·b_t 最大的那个。
review-disagrees = p 给“{ $top }”的打分高于理论的 s*“{ $star }”（a_t 为 { $a_top }，对比 { $a_star }），尽管 s* 的 y·b_t 更大（{ $b_star } 对比 { $b_top }）：在这条评论中 p 没有把 s* 排在第一，可能是训练还没到，也可能是这份数据做不到（当它的约束位于环上时，任何 p 都做不到）。
